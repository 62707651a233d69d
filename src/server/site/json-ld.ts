// The salon as search engines read it: schema.org's BeautySalon with its
// address, place on the map, contact, opening hours and price range, the services as an offer
// catalogue by category, and the approved reviews' aggregate rating. Built from the answers the
// public procedures give, so the pages and the search result never disagree.
import { RATING_MAX, RATING_MIN, SALON_CURRENCY, SALON_NAME, SERVICE_CATEGORIES } from '@/shared/constants';
import { formatWholeDollars } from '@/shared/money';
import type { z } from 'zod';
import type { OpeningHoursSpecification } from '@/shared/opening-hours';
import type { PostalAddressParts } from '@/shared/postal-address';
import type { contactInfoSchema } from '@/shared/schemas/account';
import type { ReviewsRating } from '@/server/catalogue/reviews';
import type { Service } from '@/shared/schemas/services';

type ContactInfo = z.infer<typeof contactInfoSchema>;

export interface SalonFacts {
  /** PUBLIC_URL without a trailing slash. */
  origin: string;
  imagePath: string;
  /** Null before the salon first saved its details: the telephone, e-mail, address and map are left out. */
  contact: ContactInfo | null;
  /** The address in parts (Settings > Salon details); null: only the one line is known. */
  postalAddress: PostalAddressParts | null;
  services: Service[];
  /** The approved reviews' number and mean (what the public list answers). */
  rating: ReviewsRating;
  /** schema.org's opening hours (shared/opening-hours.ts); none: not said. */
  openingHours: OpeningHoursSpecification[];
}

/**
 * schema.org's PostalAddress: the street, city (addressLocality), postal code and country as the
 * salon gave them, blank parts left out; without parts, the one line as the street.
 */
function postalAddress(line: string, parts: PostalAddressParts | null): Record<string, string> {
  if (!parts) return { '@type': 'PostalAddress', streetAddress: line };
  const fields = {
    streetAddress: parts.street,
    addressLocality: parts.city,
    postalCode: parts.postalCode,
    addressCountry: parts.country,
  };
  return {
    '@type': 'PostalAddress',
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== '')),
  };
}

/** A mean rating as schema.org's AggregateRating says it: to one decimal. */
export const ratingValue = (average: number): number => Math.round(average * 10) / 10;

/** The BeautySalon object (put in a `<script type="application/ld+json">`). */
export function salonJsonLd(facts: SalonFacts): Record<string, unknown> {
  const { origin, contact, services, rating } = facts;
  const prices = services.map((service) => service.price);
  const byCategory = SERVICE_CATEGORIES.map((category) => ({
    category,
    services: services.filter((service) => service.category === category),
  })).filter((group) => group.services.length > 0);

  const salon: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'BeautySalon',
    '@id': `${origin}/#salon`,
    name: SALON_NAME,
    url: `${origin}/`,
    image: `${origin}${facts.imagePath}`,
  };
  if (contact) {
    salon.telephone = contact.phone;
    salon.email = contact.email;
    salon.address = postalAddress(contact.address, facts.postalAddress);
    salon.geo = { '@type': 'GeoCoordinates', latitude: contact.location.lat, longitude: contact.location.lng };
  }
  if (facts.openingHours.length > 0) salon.openingHoursSpecification = facts.openingHours;
  if (prices.length > 0) {
    const low = Math.min(...prices);
    const high = Math.max(...prices);
    salon.priceRange =
      low === high ? formatWholeDollars(low) : `${formatWholeDollars(low)}–${formatWholeDollars(high)}`;
    salon.hasOfferCatalog = {
      '@type': 'OfferCatalog',
      name: 'Services',
      itemListElement: byCategory.map((group) => ({
        '@type': 'OfferCatalog',
        name: group.category,
        itemListElement: group.services.map((service) => ({
          '@type': 'Offer',
          price: service.price.toFixed(2),
          priceCurrency: SALON_CURRENCY,
          url: `${origin}/service`,
          itemOffered: { '@type': 'Service', name: service.name, description: service.description },
        })),
      })),
    };
  }
  if (rating.count > 0 && rating.average !== null) {
    salon.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: ratingValue(rating.average),
      reviewCount: rating.count,
      bestRating: RATING_MAX,
      worstRating: RATING_MIN,
    };
  }
  return salon;
}
