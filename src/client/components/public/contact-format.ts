import { MAP_BOX_DEGREES, PHONE_DISPLAY_PREFIX } from '@/shared/constants';

export interface MapLocation {
  lat: number;
  lng: number;
}

/** Six decimals (about 10 cm) hide floating-point noise such as 72.81949999999999. */
const coordinate = (value: number) => String(Number(value.toFixed(6)));

/** `west,south,east,north`: the box of MAP_BOX_DEGREES around the location. */
export function mapBoundingBox({ lat, lng }: MapLocation, degrees: number = MAP_BOX_DEGREES): string {
  return [lng - degrees, lat - degrees, lng + degrees, lat + degrees].map(coordinate).join(',');
}

/** The site the interactive map comes from (the CSP's frame-src and img-src name it too). */
export const MAP_ORIGIN = 'https://www.openstreetmap.org';

/**
 * A small picture on the map's own host. The page loads it before it shows the frame: a frame's
 * load event fires for the browser's error page too, an image's does not (docs/decisions/0022-contact-map.md).
 * The query (ignored by the host's static files) keeps it an ordinary image request: Chromium
 * treats a bare /favicon.ico apart, and browser tests could not stand in for it.
 */
export const MAP_PROBE_URL = `${MAP_ORIGIN}/favicon.ico?reachable`;

/** `lat,lng` with six decimals at most. */
const latLng = ({ lat, lng }: MapLocation) => `${coordinate(lat)},${coordinate(lng)}`;

/** OpenStreetMap's embeddable map of that box, with a marker on the salon. */
export function mapEmbedUrl(location: MapLocation): string {
  const params = new URLSearchParams({
    bbox: mapBoundingBox(location),
    layer: 'mapnik',
    marker: latLng(location),
  });
  return `${MAP_ORIGIN}/export/embed.html?${params.toString()}`;
}

/** The same place on openstreetmap.org itself, for the "View larger map" link. */
export function largerMapUrl({ lat, lng }: MapLocation): string {
  const [y, x] = [coordinate(lat), coordinate(lng)];
  return `${MAP_ORIGIN}/?mlat=${y}&mlon=${x}#map=16/${y}/${x}`;
}

/**
 * Google Maps' cross-platform directions link to the salon: the Google Maps app on a phone that
 * has it, maps in the browser elsewhere; the route starts where the visitor is.
 */
export function googleDirectionsUrl(location: MapLocation): string {
  return `https://www.google.com/maps/dir/?${new URLSearchParams({ api: '1', destination: latLng(location) }).toString()}`;
}

/** Apple Maps' directions to the salon: the Maps app on an iPhone, iPad or Mac, the web elsewhere. */
export function appleDirectionsUrl(location: MapLocation): string {
  return `https://maps.apple.com/?${new URLSearchParams({ daddr: latLng(location) }).toString()}`;
}

/**
 * A `geo:` URI (RFC 5870) with Android's `q=lat,lng(label)` form: Android offers every map app
 * installed (Google Maps, OsmAnd, Waze…), with a pin named after the salon.
 */
export function geoUri(location: MapLocation, label: string): string {
  const point = latLng(location);
  const name = encodeURIComponent(label.replace(/[()]/g, ''));
  return `geo:${point}?q=${point}(${name})`;
}

/** Phones are stored as 10 digits and shown with the country prefix: "+91 98765 43210". */
export function displayPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const grouped = digits.length === 10 ? `${digits.slice(0, 5)} ${digits.slice(5)}` : phone;
  return `${PHONE_DISPLAY_PREFIX} ${grouped}`;
}

/** `tel:+919876543210`: what a phone dials. */
export function phoneHref(phone: string): string {
  return `tel:${PHONE_DISPLAY_PREFIX}${phone.replace(/\D/g, '')}`;
}
