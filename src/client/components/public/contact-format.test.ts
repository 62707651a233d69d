import { describe, expect, it } from 'vitest';
import {
  appleDirectionsUrl,
  displayPhone,
  geoUri,
  googleDirectionsUrl,
  largerMapUrl,
  MAP_PROBE_URL,
  mapBoundingBox,
  mapEmbedUrl,
  phoneHref,
} from './contact-format';

const salon = { lat: 19.0596, lng: 72.8295 };

describe('the contact map', () => {
  it('frames a box of 0.01 degrees around the location, west,south,east,north', () => {
    expect(mapBoundingBox(salon)).toBe('72.8195,19.0496,72.8395,19.0696');
  });

  it('embeds OpenStreetMap with that box and a marker on the salon', () => {
    const url = new URL(mapEmbedUrl(salon));
    expect(url.origin + url.pathname).toBe('https://www.openstreetmap.org/export/embed.html');
    expect(url.searchParams.get('bbox')).toBe('72.8195,19.0496,72.8395,19.0696');
    expect(url.searchParams.get('layer')).toBe('mapnik');
    expect(url.searchParams.get('marker')).toBe('19.0596,72.8295');
  });

  it('works on both sides of the equator and the prime meridian', () => {
    expect(mapBoundingBox({ lat: -33.8688, lng: -0.005 })).toBe('-0.015,-33.8788,0.005,-33.8588');
  });

  it('links to the larger map at the same place', () => {
    expect(largerMapUrl(salon)).toBe('https://www.openstreetmap.org/?mlat=19.0596&mlon=72.8295#map=16/19.0596/72.8295');
  });
});

describe('the directions links', () => {
  it('ask Google Maps for a route to the salon, from wherever the visitor is', () => {
    const url = new URL(googleDirectionsUrl(salon));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('destination')).toBe('19.0596,72.8295');
    expect(url.searchParams.has('origin')).toBe(false);
  });

  it('ask Apple Maps for the same route', () => {
    const url = new URL(appleDirectionsUrl(salon));
    expect(url.origin + url.pathname).toBe('https://maps.apple.com/');
    expect(url.searchParams.get('daddr')).toBe('19.0596,72.8295');
  });

  it('offer a geo: URI with a pin named after the salon, for any map app on Android', () => {
    expect(geoUri(salon, 'Rose Beauty Salon')).toBe('geo:19.0596,72.8295?q=19.0596,72.8295(Rose%20Beauty%20Salon)');
  });

  it('keep a name with brackets or an ampersand from breaking the geo: URI', () => {
    expect(geoUri(salon, 'Rose & Co (Bandra)')).toBe('geo:19.0596,72.8295?q=19.0596,72.8295(Rose%20%26%20Co%20Bandra)');
  });

  it('round away floating-point noise and keep the signs south and west of zero', () => {
    const noisy = { lat: -33.8688 + 1e-12, lng: -151.2093 - 1e-12 };
    expect(new URL(googleDirectionsUrl(noisy)).searchParams.get('destination')).toBe('-33.8688,-151.2093');
    expect(new URL(appleDirectionsUrl(noisy)).searchParams.get('daddr')).toBe('-33.8688,-151.2093');
    expect(geoUri(noisy, 'Salon')).toBe('geo:-33.8688,-151.2093?q=-33.8688,-151.2093(Salon)');
  });

  it('check the map host with a picture from that same host', () => {
    expect(new URL(MAP_PROBE_URL).origin).toBe(new URL(mapEmbedUrl(salon)).origin);
  });
});

describe('phones', () => {
  it('are shown with the +91 prefix and dial with it', () => {
    expect(displayPhone('9876543210')).toBe('+91 98765 43210');
    expect(phoneHref('9876543210')).toBe('tel:+919876543210');
  });
});
