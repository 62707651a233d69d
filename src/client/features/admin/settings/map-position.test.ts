import { describe, expect, it } from 'vitest';
import { mapSearchUrl, positionFromText } from './map-position';

const mumbai = { lat: 19.0596, lng: 72.8295 };

describe('the map position from a pasted link or coordinates', () => {
  it('reads plain coordinates', () => {
    expect(positionFromText(' 19.0596, 72.8295 ')).toEqual(mumbai);
    expect(positionFromText('-33.8688,151.2093')).toEqual({ lat: -33.8688, lng: 151.2093 });
  });

  it('reads OpenStreetMap links: the marker first, else the view', () => {
    expect(positionFromText('https://www.openstreetmap.org/?mlat=19.0596&mlon=72.8295#map=17/19.1/72.9')).toEqual(
      mumbai,
    );
    expect(positionFromText('https://www.openstreetmap.org/#map=17/19.0596/72.8295')).toEqual(mumbai);
  });

  it('reads Google Maps links and geo: URIs', () => {
    expect(positionFromText('https://www.google.com/maps/place/Salon/@19.0596,72.8295,17z/data=x')).toEqual(mumbai);
    expect(positionFromText('https://www.google.com/maps/search/?api=1&query=19.0596%2C72.8295')).toEqual(mumbai);
    expect(positionFromText('geo:19.0596,72.8295?q=Salon')).toEqual(mumbai);
  });

  it('finds nothing in other text or off the map', () => {
    expect(positionFromText('')).toBeNull();
    expect(positionFromText('12 Rose Street')).toBeNull();
    expect(positionFromText('95.1, 72.8')).toBeNull();
    expect(positionFromText('19.1, 200')).toBeNull();
  });

  it('searches OpenStreetMap for the address', () => {
    expect(mapSearchUrl('12 Rose Street, Mumbai')).toBe(
      'https://www.openstreetmap.org/search?query=12%20Rose%20Street%2C%20Mumbai',
    );
  });
});
