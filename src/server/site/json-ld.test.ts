import { describe, expect, it } from 'vitest';
import { openingHoursSpecification } from '@/shared/opening-hours';
import type { Service } from '@/shared/schemas/services';
import { scriptJson } from '@/shared/script-json';
import { salonJsonLd } from './json-ld';

const contact = {
  address: '12 Rose Street, Springfield',
  email: 'hello@salon.test',
  phone: '9876543210',
  secondaryPhone: null,
  location: { lat: 40.7, lng: -74 },
};
const service = (name: string, category: Service['category'], price: number): Service => ({
  _id: name,
  name,
  category,
  price,
  duration: 60,
  bufferMinutes: 0,
  description: `${name}, done well`,
  image: { url: '/x.jpg' },
});
const week = [
  ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => ({
    day,
    ranges: [{ from: '09:00', to: '20:00' }],
  })),
  { day: 'Saturday', ranges: [{ from: '10:00', to: '18:00' }] },
  { day: 'Sunday', ranges: [] },
] as Parameters<typeof openingHoursSpecification>[0];

describe('the salon for search engines (JSON-LD)', () => {
  const salon = salonJsonLd({
    origin: 'https://rose.example',
    imagePath: '/images/p.jpg',
    contact,
    postalAddress: { street: '12 Rose Street', city: 'Springfield', postalCode: '62704', country: 'US' },
    services: [
      service('Manicure', 'Nail care', 25),
      service('Bridal Make up', 'Make up', 120),
      service('Evening Make up', 'Make up', 60),
    ],
    rating: { count: 3, average: 13 / 3 },
    openingHours: openingHoursSpecification(week),
  });

  it('names a BeautySalon with its address, place, telephone, e-mail and image on PUBLIC_URL', () => {
    expect(salon).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BeautySalon',
      name: 'Rose Beauty Salon',
      url: 'https://rose.example/',
      image: 'https://rose.example/images/p.jpg',
      telephone: '9876543210',
      email: 'hello@salon.test',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 Rose Street',
        addressLocality: 'Springfield',
        postalCode: '62704',
        addressCountry: 'US',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 40.7, longitude: -74 },
    });
  });

  it('lists the services as offers by category, with the price range of the cheapest and dearest', () => {
    expect(salon.priceRange).toBe('$25–$120');
    const catalogue = salon.hasOfferCatalog as {
      itemListElement: {
        name: string;
        itemListElement: { price: string; priceCurrency: string; itemOffered: { name: string } }[];
      }[];
    };
    expect(catalogue.itemListElement.map((group) => group.name)).toEqual(['Make up', 'Nail care']);
    expect(
      catalogue.itemListElement[0]?.itemListElement.map((offer) => [
        offer.itemOffered.name,
        offer.price,
        offer.priceCurrency,
      ]),
    ).toEqual([
      ['Bridal Make up', '120.00', 'USD'],
      ['Evening Make up', '60.00', 'USD'],
    ]);
  });

  it('rates the salon by its approved reviews, and says the opening hours, closed Sunday left out', () => {
    expect(salon.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    const hours = salon.openingHoursSpecification as { dayOfWeek: string[]; opens: string; closes: string }[];
    expect(hours).toHaveLength(2);
    expect(hours.flatMap((entry) => entry.dayOfWeek)).not.toContain('https://schema.org/Sunday');
    expect(hours.find((entry) => entry.opens === '10:00')?.dayOfWeek).toEqual(['https://schema.org/Saturday']);
  });

  it('says nothing it does not know: no rating without reviews, no prices without services', () => {
    const bare = salonJsonLd({
      origin: 'https://rose.example',
      imagePath: '/p.jpg',
      contact,
      postalAddress: { street: '12 Rose Street, Springfield', city: '', postalCode: '', country: '' },
      services: [],
      rating: { count: 0, average: null },
      openingHours: [],
    });
    expect(bare).not.toHaveProperty('aggregateRating');
    expect(bare).not.toHaveProperty('priceRange');
    expect(bare).not.toHaveProperty('openingHoursSpecification');
    // An address from before the parts: its line as the street, no empty locality or country.
    expect(bare.address).toEqual({ '@type': 'PostalAddress', streetAddress: '12 Rose Street, Springfield' });
  });

  it('leaves out the telephone, e-mail, address and map of a salon that has not saved its details', () => {
    const unpublished = salonJsonLd({
      origin: 'https://rose.example',
      imagePath: '/p.jpg',
      contact: null,
      postalAddress: null,
      services: [],
      rating: { count: 0, average: null },
      openingHours: [],
    });
    for (const key of ['telephone', 'email', 'address', 'geo']) expect(unpublished).not.toHaveProperty(key);
    expect(unpublished).toMatchObject({ '@type': 'BeautySalon', url: 'https://rose.example/' });
  });

  it('cannot be ended early by a text inside it when written into a script element', () => {
    const text = scriptJson({ description: 'Bold </script><script>alert(1)</script> look' });
    expect(text).not.toContain('</script');
    expect(JSON.parse(text)).toEqual({ description: 'Bold </script><script>alert(1)</script> look' });
  });
});
