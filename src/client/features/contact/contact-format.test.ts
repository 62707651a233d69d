import { describe, expect, it } from 'vitest';
import { displayPhone, largerMapUrl, mapBoundingBox, mapEmbedUrl, phoneHref } from './contact-format';

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

describe('phones', () => {
  it('are shown with the +91 prefix and dial with it', () => {
    expect(displayPhone('9876543210')).toBe('+91 98765 43210');
    expect(phoneHref('9876543210')).toBe('tel:+919876543210');
  });
});
