// `admin.services.import`, called through createCaller as an admin.
import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_IMPORT_MAX_ROWS, type ServiceImportRowInput } from '@/shared/schemas/services';
import { services } from '@/server/db/schema';
import { jpegDataUrl, storedUploads } from '@/server/test/catalogue';
import { createTestEnvironment, type TestEnvironment } from '@/server/test/test-db';
import { createInnerContext, type SignedIn } from '@/server/trpc/context';
import { toPublicError, type PublicError } from '@/server/trpc/errors';
import { createCaller } from '@/server/routers';

const admin: SignedIn = {
  id: 'a1',
  fullName: 'Salon Admin',
  email: 'admin@salon.test',
  role: 'owner',
  sessionId: 's1',
  sessionToken: 't1',
};

const row = (line: number, overrides: Partial<ServiceImportRowInput> = {}): ServiceImportRowInput => ({
  line,
  name: `Imported ${line}`,
  category: 'Nail care',
  price: '30',
  duration: '45',
  description: 'Imported from a spreadsheet.',
  ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<PublicError> {
  try {
    await promise;
  } catch (error) {
    const answer = toPublicError(error);
    expect(answer.status).toBeLessThan(500);
    return answer;
  }
  throw new Error('expected the import to be refused');
}

describe('importing services', () => {
  let env: TestEnvironment;
  let jpeg: string;
  beforeAll(async () => {
    env = await createTestEnvironment({ seed: true });
    jpeg = await jpegDataUrl();
  });

  const caller = (who: { admin?: SignedIn } = { admin }) =>
    createCaller(createInnerContext({ db: env.database.db, config: env.config, ...who }));
  const allServices = () => env.database.db.select().from(services).orderBy(asc(services.id)).all();
  const serviceNamed = (name: string) => allServices().find((service) => service.name === name);
  /** What an import must leave untouched when it is refused. */
  const snapshot = () => ({ rows: allServices(), uploads: storedUploads(env.config) });

  it('creates new services and updates the ones whose name exists in any letter case, and says which', async () => {
    const manicure = serviceNamed('Classic Manicure');
    const uploadsBefore = storedUploads(env.config);

    const result = await caller().admin.services.import({
      rows: [
        row(2, { name: 'Lash Lift', category: 'Make up', price: 35.5, duration: 40, image: jpeg }),
        row(3, {
          name: '  classic MANICURE ',
          price: '28',
          duration: '50',
          description: 'Now with a paraffin dip.',
          bufferMinutes: '10',
        }),
      ],
    });

    const lashLift = serviceNamed('Lash Lift');
    expect(result).toEqual({
      created: 1,
      updated: 1,
      services: [
        { line: 2, _id: lashLift?.id, name: 'Lash Lift', action: 'created' },
        { line: 3, _id: manicure?.id, name: 'classic MANICURE', action: 'updated' },
      ],
    });
    expect(lashLift).toMatchObject({ category: 'Make up', price: 35.5, durationMinutes: 40, bufferMinutes: 0 });
    expect(serviceNamed('classic MANICURE')).toMatchObject({
      id: manicure?.id,
      price: 28,
      durationMinutes: 50,
      bufferMinutes: 10,
      description: 'Now with a paraffin dip.',
      imageUrl: manicure?.imageUrl,
    });
    expect(storedUploads(env.config)).toEqual([...uploadsBefore, lashLift?.imageUrl.split('/').pop()].sort());
  });

  it('gives an updated service a new picture when one is sent and removes the old file', async () => {
    const pedicure = serviceNamed('Gel Pedicure');
    const oldFile = pedicure?.imageUrl.split('/').pop();
    expect(storedUploads(env.config)).toContain(oldFile);

    await caller().admin.services.import({ rows: [row(2, { name: 'Gel Pedicure', image: jpeg })] });

    const updated = serviceNamed('Gel Pedicure');
    expect(updated?.imageUrl).not.toBe(pedicure?.imageUrl);
    expect(storedUploads(env.config)).toContain(updated?.imageUrl.split('/').pop());
    expect(storedUploads(env.config)).not.toContain(oldFile);
  });

  it("answers every bad row with its line and the service form's messages, and writes nothing", async () => {
    const before = snapshot();
    const answer = await refusal(
      caller().admin.services.import({
        rows: [
          row(2, { image: jpeg }),
          row(3, { price: 'abc', duration: '' }),
          row(4, { name: 'Second Row', image: jpeg }),
          row(5, { category: 'Tattoos', bufferMinutes: '-5' }),
          row(6, { name: 'second row', image: jpeg }),
          row(7, { name: ' SECOND ROW ', price: '-1' }),
        ],
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual([
      { path: 'line 3.price', message: 'Price must be a number' },
      { path: 'line 3.duration', message: 'Duration is required' },
      {
        path: 'line 5.category',
        message: 'Category must be one of: Make up, Hair styling, Nail care, cosmetology, SPA procedures',
      },
      { path: 'line 5.bufferMinutes', message: 'Buffer cannot be negative' },
      { path: 'line 6.name', message: 'This name is on line 4 already' },
      { path: 'line 7.price', message: 'Price cannot be negative' },
      { path: 'line 7.name', message: 'This name is on line 4 already' },
    ]);
    expect(snapshot()).toEqual(before);
  });

  it('refuses a new service without a picture, as the back office does, and stores no other picture', async () => {
    const before = snapshot();
    const answer = await refusal(
      caller().admin.services.import({ rows: [row(2, { image: jpeg }), row(3), row(4, { name: 'Chemical Peel' })] }),
    );
    expect(answer.errors).toEqual([{ path: 'line 3.image', message: 'Image is required' }]);
    expect(snapshot()).toEqual(before);
  });

  it('refuses a file that is not a picture with its line, and removes the pictures stored before it', async () => {
    const before = snapshot();
    const notAPicture = Buffer.from('GIF89a, or so it says').toString('base64');
    const answer = await refusal(
      caller().admin.services.import({
        rows: [row(2, { image: jpeg }), row(3, { image: notAPicture }), row(4, { image: jpeg })],
      }),
    );
    expect(answer.errors).toEqual([{ path: 'line 3.image', message: 'Only JPEG, PNG or WebP images are allowed.' }]);
    expect(snapshot()).toEqual(before);
  });

  it('undoes every row when the write fails part way, and removes the pictures it stored', async () => {
    const before = snapshot();
    // A write that fails after the first rows went in: SQLite refuses the third row.
    env.database.sqlite.exec(`CREATE TRIGGER refuse_boom BEFORE INSERT ON services WHEN NEW.name = 'Boom'
      BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
    try {
      await expect(
        caller().admin.services.import({
          rows: [
            row(2, { image: jpeg }),
            row(3, { name: 'Hot Stone Massage', price: '1' }),
            row(4, { name: 'Boom', image: jpeg }),
          ],
        }),
      ).rejects.toThrow();
    } finally {
      env.database.sqlite.exec('DROP TRIGGER refuse_boom');
    }
    expect(snapshot()).toEqual(before);
  });

  it(`takes at most ${SERVICE_IMPORT_MAX_ROWS} rows and at least one`, async () => {
    const tooMany = Array.from({ length: SERVICE_IMPORT_MAX_ROWS + 1 }, (_, index) => row(index + 2));
    expect((await refusal(caller().admin.services.import({ rows: tooMany }))).message).toBe(
      `At most ${SERVICE_IMPORT_MAX_ROWS} services can be imported at once`,
    );
    expect((await refusal(caller().admin.services.import({ rows: [] }))).message).toBe(
      'There are no services to import',
    );
  });

  it('is for admins only', async () => {
    const answer = await refusal(caller({}).admin.services.import({ rows: [row(2, { image: jpeg })] }));
    expect(answer.status).toBe(401);
  });
});
