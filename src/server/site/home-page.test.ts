// The home page as a salon with years of reviews serves it: its testimonials are the newest six
// approved reviews, and the page (markup and the data handed to its scripts) carries no other,
// while its JSON-LD still rates the salon by every approved review. The data shown only in markup
// the browser keeps as it is (decision 0046) is not handed to the browser at all.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOME_TESTIMONIALS } from '@/shared/constants';
import { newId } from '@/server/db/ids';
import { reviews, services, users } from '@/server/db/schema';
import { useTestApp } from '@/server/test/app';
import { renderingClientDir } from '@/server/test/page-renderer';
import { ratingValue } from './json-ld';
import type { TestEnvironment } from '@/server/test/test-db';

const WRITTEN = 30;
const comment = (index: number) => `Review number ${String(index).padStart(2, '0')} of this busy year`;

describe('the home page of a salon with many reviews', () => {
  let env: TestEnvironment;
  let app: FastifyInstance;

  const salon = useTestApp({ clientDir: renderingClientDir });
  beforeAll(() => {
    ({ env, app } = salon);
    const { db } = env.database;
    const customer = db.select({ id: users.id }).from(users).where(eq(users.email, 'customer@salon.test')).get();
    const service = db.select({ id: services.id }).from(services).limit(1).get();
    if (!customer || !service) throw new Error('the demo salon has a customer and a service');
    const start = Date.UTC(2026, 0, 1);
    db.insert(reviews)
      .values(
        Array.from({ length: WRITTEN }, (_, index) => ({
          id: newId(),
          userId: customer.id,
          serviceId: service.id,
          rating: (index % 5) + 1,
          comment: comment(index),
          status: 'Approved' as const,
          // Later than the demo's reviews, one day apart: the last written is the newest.
          createdAt: new Date(start + index * 86_400_000 + 365 * 86_400_000),
        })),
      )
      .run();
  });

  /** The procedures whose answers the page hands its scripts. */
  const handedOver = (page: string): string[] => {
    const data = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(page)?.[1];
    if (!data) throw new Error('the page hands its scripts no data');
    const { queries } = JSON.parse(data) as { queries: { queries: { queryKey: [string[]] }[] } };
    return queries.queries.map((query) => query.queryKey[0].join('.'));
  };

  it('hands the browser only the data its hydrated parts show, not the testimonials or the team', async () => {
    const home = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(home).toContain(comment(WRITTEN - 1));
    expect(handedOver(home)).toEqual(expect.arrayContaining(['public.discounts.list', 'public.salon.openingHours']));
    expect(handedOver(home)).not.toContain('public.reviews.list');

    const about = (await app.inject({ method: 'GET', url: '/about' })).body;
    expect(about).toContain('Meet the team');
    expect(handedOver(about)).toContain('public.discounts.list');
    expect(handedOver(about)).not.toContain('public.specialists.list');
    // A page whose scripts render its data is handed it.
    expect(handedOver((await app.inject({ method: 'GET', url: '/service' })).body)).toEqual(
      expect.arrayContaining(['public.services.list', 'public.specialists.list']),
    );
  });

  it('shows the newest six and carries no older review, yet rates the salon by all of them', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    const newest = Array.from({ length: HOME_TESTIMONIALS.latest }, (_, offset) => comment(WRITTEN - 1 - offset));
    for (const text of newest) expect(page.body).toContain(text);
    for (let index = 0; index < WRITTEN - HOME_TESTIMONIALS.latest; index++)
      expect(page.body, comment(index)).not.toContain(comment(index));

    const approved = env.database.db.select().from(reviews).where(eq(reviews.status, 'Approved')).all();
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)?.[1] ?? '{}';
    const rating = (JSON.parse(ld) as { aggregateRating?: { reviewCount: number; ratingValue: number } })
      .aggregateRating;
    expect(rating?.reviewCount).toBe(approved.length);
    const mean = approved.reduce((sum, review) => sum + review.rating, 0) / approved.length;
    expect(rating?.ratingValue).toBe(ratingValue(mean));
  });
});
