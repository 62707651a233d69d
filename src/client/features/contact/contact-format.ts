import { MAP_BOX_DEGREES, PHONE_DISPLAY_PREFIX } from '@/shared/constants';

export interface MapLocation {
  lat: number;
  lng: number;
}

/** Six decimals (about 10 cm) hide floating-point noise such as 72.81949999999999. */
const coordinate = (value: number) => String(Number(value.toFixed(6)));

/** `west,south,east,north`: the box of MAP_BOX_DEGREES around the location (spec section 9). */
export function mapBoundingBox({ lat, lng }: MapLocation, degrees: number = MAP_BOX_DEGREES): string {
  return [lng - degrees, lat - degrees, lng + degrees, lat + degrees].map(coordinate).join(',');
}

/** OpenStreetMap's embeddable map of that box, with a marker on the salon. */
export function mapEmbedUrl(location: MapLocation): string {
  const params = new URLSearchParams({
    bbox: mapBoundingBox(location),
    layer: 'mapnik',
    marker: `${coordinate(location.lat)},${coordinate(location.lng)}`,
  });
  return `https://www.openstreetmap.org/export/embed.html?${params.toString()}`;
}

/** The same place on openstreetmap.org itself, for the "View larger map" link. */
export function largerMapUrl({ lat, lng }: MapLocation): string {
  const [y, x] = [coordinate(lat), coordinate(lng)];
  return `https://www.openstreetmap.org/?mlat=${y}&mlon=${x}#map=16/${y}/${x}`;
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
