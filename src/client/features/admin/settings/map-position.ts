// Settings > Salon details: the map position read from what an owner can copy from a map site,
// so nobody has to find and type latitude and longitude by hand.
import type { MapLocation } from '@/client/components/public/contact-format';

const NUMBER = String.raw`(-?\d{1,3}(?:\.\d+)?)`;
const PAIR = new RegExp(String.raw`${NUMBER}\s*,\s*${NUMBER}`);

/** `lat` and `lng` as numbers, when they are on the map (-90..90, -180..180). */
function onMap(lat: string | undefined, lng: string | undefined): MapLocation | null {
  if (lat === undefined || lng === undefined) return null;
  const location = { lat: Number(lat), lng: Number(lng) };
  const fits = Math.abs(location.lat) <= 90 && Math.abs(location.lng) <= 180;
  return Number.isFinite(location.lat) && Number.isFinite(location.lng) && fits ? location : null;
}

/**
 * The position in a pasted map link or coordinates, or null: `19.0596, 72.8295`; an OpenStreetMap
 * link (`?mlat=..&mlon=..` of a marker, else the view's `#map=zoom/lat/lng`); a Google Maps link
 * (`@lat,lng,zoom` of the view, or `?q=lat,lng`, `query=`, `destination=`); a `geo:lat,lng` URI.
 */
export function positionFromText(text: string): MapLocation | null {
  const given = text.trim();
  if (given === '') return null;
  const marker = /[?&]mlat=(-?[\d.]+)&mlon=(-?[\d.]+)/.exec(given);
  if (marker) return onMap(marker[1], marker[2]);
  const osmView = new RegExp(String.raw`#map=\d+(?:\.\d+)?/${NUMBER}/${NUMBER}`).exec(given);
  if (osmView) return onMap(osmView[1], osmView[2]);
  const googleView = new RegExp(String.raw`@${NUMBER},${NUMBER}`).exec(given);
  if (googleView) return onMap(googleView[1], googleView[2]);
  let decoded = given;
  try {
    decoded = decodeURIComponent(given);
  } catch {
    // Not percent-encoded text: read as given.
  }
  const pair = PAIR.exec(decoded);
  return pair ? onMap(pair[1], pair[2]) : null;
}

/** Where the owner can look the salon up by its address, and read the position off the link. */
export function mapSearchUrl(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}
