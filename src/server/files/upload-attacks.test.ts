// Hostile uploads (README "Guarantees") over real HTTP: multipart to the back office's service and
// specialist forms, and base64 through tRPC. An SVG with a script, an HTML page renamed .jpg, a
// truncated JPEG, a 50-megapixel image, a 6 MB file and a file name carrying a path are all
// refused with a 4xx and a clear message; nothing lands in the uploads folder and no row is
// written. A real photo sent the same way is accepted, so the refusals are about the file.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@/server/test/app';
import { idOfService } from '@/server/test/bookings';
import { jpegBytes, multipartForm, storedUploads, type UploadedFile } from '@/server/test/catalogue';
import type { TestClient } from '@/server/test/http';
import type { TestEnvironment } from '@/server/test/test-db';

/** The test config's PUBLIC_URL: uploads from it pass the same-origin check. */
const SAME_ORIGIN = { origin: 'http://salon.test' };

const UNSUPPORTED = { status: 415, message: 'Only JPEG, PNG or WebP images are allowed.' };
const TOO_LARGE = { status: 413, message: 'Image must be 5 MB or smaller.' };
const TOO_MANY_PIXELS = { status: 413, message: 'Image must be at most 40 megapixels.' };
const PATH_IN_NAME = { status: 400, message: 'The file name must not contain a path.' };

/** Random pixels, so the compressed data is large and cutting it in half cuts through the scan. */
const noisyJpeg = () =>
  sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer();

interface Attack {
  what: string;
  file: () => Promise<UploadedFile>;
  expected: { status: number; message: string };
  /** Whether the same bytes also go through tRPC as base64 (a path in a name has no tRPC form). */
  viaTrpc: boolean;
}

const ATTACKS: Attack[] = [
  {
    what: 'an SVG carrying a script',
    file: () =>
      Promise.resolve({
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(document.cookie)">' +
            '<script>fetch("/api/v1/admin/me")</script><rect width="40" height="40" fill="red"/></svg>',
        ),
        name: 'logo.svg',
        type: 'image/svg+xml',
      }),
    expected: UNSUPPORTED,
    viaTrpc: true,
  },
  {
    what: 'an HTML page renamed .jpg and sent as image/jpeg',
    file: () =>
      Promise.resolve({
        bytes: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
        name: 'photo.jpg',
        type: 'image/jpeg',
      }),
    expected: UNSUPPORTED,
    viaTrpc: true,
  },
  {
    what: 'a JPEG cut off halfway through',
    file: async () => {
      const jpeg = await noisyJpeg();
      return { bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)), name: 'cut.jpg', type: 'image/jpeg' };
    },
    expected: UNSUPPORTED,
    viaTrpc: true,
  },
  {
    what: 'a 50-megapixel (8000x6250) PNG of a few kilobytes',
    // One colour compresses to almost nothing: only the pixel count is over the limit.
    file: async () => ({
      bytes: await sharp({ create: { width: 8000, height: 6250, channels: 3, background: { r: 10, g: 120, b: 90 } } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
      name: 'huge.png',
      type: 'image/png',
    }),
    expected: TOO_MANY_PIXELS,
    viaTrpc: true,
  },
  {
    what: 'a 6 MB file',
    file: async () => ({
      bytes: Buffer.concat([await noisyJpeg(), Buffer.alloc(6 * 1024 * 1024)]),
      name: 'big.jpg',
      type: 'image/jpeg',
    }),
    expected: TOO_LARGE,
    viaTrpc: true,
  },
  {
    what: 'a real JPEG named ../../etc/passwd.jpg',
    file: async () => ({ bytes: await jpegBytes(), name: '../../etc/passwd.jpg', type: 'image/jpeg' }),
    expected: PATH_IN_NAME,
    viaTrpc: false,
  },
  {
    what: 'a real JPEG named ..\\x.jpg',
    file: async () => ({ bytes: await jpegBytes(), name: '..\\x.jpg', type: 'image/jpeg' }),
    expected: PATH_IN_NAME,
    viaTrpc: false,
  },
];

describe('hostile uploads to the back office', () => {
  let env: TestEnvironment;
  let admin: TestClient;
  const files = new Map<string, UploadedFile>();
  const figures = { refused: 0, accepted: 0 };

  const salon = useTestApp({ admin: true });
  beforeAll(async () => {
    ({ env, admin } = salon);
    for (const attack of ATTACKS) files.set(attack.what, await attack.file());
  });
  afterAll(() => {
    console.log(
      `[guarantee] hostile uploads: ${String(figures.refused)} uploads refused with 4xx over multipart and tRPC ` +
        `(SVG, HTML as .jpg, truncated JPEG, 50 MP, 6 MB, path names), 0 files written, 0 rows written; ` +
        `${String(figures.accepted)} real photos accepted as controls`,
    );
  });

  const fileOf = (attack: Attack): UploadedFile => {
    const file = files.get(attack.what);
    if (!file) throw new Error(`no file for ${attack.what}`);
    return file;
  };

  const rowsWritten = (): number => env.database.sqlite.prepare('SELECT total_changes()').pluck().get() as number;

  const serviceFields = (name: string) => ({
    name,
    price: '35.5',
    duration: '45',
    category: 'Make up',
    description: 'A service whose only fault is its picture.',
  });
  const specialistFields = (name: string) => ({
    name,
    phone: '9811122233',
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@salon.test`,
    availableFrom: '09:30',
    availableTo: '17:00',
    availableDays: ['Monday', 'Wednesday'],
    expertise: [idOfService(env.database.db, 'Classic Manicure')],
  });

  /** The ways a picture reaches the server over multipart, each a complete, otherwise valid request. */
  const multipartTargets = () => {
    const serviceId = idOfService(env.database.db, 'Classic Manicure');
    return [
      {
        what: 'creating a service',
        method: 'POST' as const,
        path: '/admin/services',
        fields: serviceFields('Picture Test'),
      },
      {
        what: 'updating a service',
        method: 'PATCH' as const,
        path: `/admin/services/${serviceId}`,
        fields: serviceFields('Classic Manicure'),
      },
      {
        what: 'creating a specialist',
        method: 'POST' as const,
        path: '/admin/specialists',
        fields: specialistFields('Pia Picture'),
      },
    ];
  };

  /** Runs one upload and checks that it changed nothing: no file, no row. */
  async function expectNothingChanged<T>(upload: () => Promise<T>): Promise<T> {
    const uploadsBefore = storedUploads(env.config);
    const rowsBefore = rowsWritten();
    const result = await upload();
    expect(storedUploads(env.config), 'the uploads folder').toEqual(uploadsBefore);
    expect(rowsWritten(), 'rows written').toBe(rowsBefore);
    return result;
  }

  describe.each(ATTACKS)('$what', (attack) => {
    it('is refused over multipart when creating or updating a service and creating a specialist, writing no file and no row', async () => {
      for (const target of multipartTargets()) {
        const response = await expectNothingChanged(() =>
          admin.rest(target.method, target.path, multipartForm(target.fields, fileOf(attack)), SAME_ORIGIN),
        );
        expect(response.status, `${target.what}: ${JSON.stringify(response.body)}`).toBe(attack.expected.status);
        expect(response.body).toMatchObject({ success: false, data: null, message: attack.expected.message });
        figures.refused += 1;
      }
    });

    if (attack.viaTrpc) {
      it('is refused as a base64 data URL through tRPC, writing no file and no row', async () => {
        const file = fileOf(attack);
        const image = `data:${file.type};base64,${Buffer.from(file.bytes).toString('base64')}`;
        const response = await expectNothingChanged(() =>
          admin.trpc('mutation', 'admin.services.create', { ...serviceFields('Picture Test'), image }, SAME_ORIGIN),
        );
        expect(response.status, JSON.stringify(response.error)).toBe(attack.expected.status);
        // Base64 makes 6 MB about 8 MB: the request is over the body limit before the image is read.
        if (attack.expected !== TOO_LARGE) expect(response.error?.message).toBe(attack.expected.message);
        figures.refused += 1;
      });
    }
  });

  it('accepts a real photo sent the same ways, so the refusals above are about the file alone', async () => {
    const photo: UploadedFile = { bytes: await jpegBytes(), name: 'photo.jpg', type: 'image/jpeg' };
    const before = storedUploads(env.config);
    const created = await admin.rest(
      'POST',
      '/admin/services',
      multipartForm(serviceFields('Picture Test'), photo),
      SAME_ORIGIN,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const image = `data:image/jpeg;base64,${Buffer.from(photo.bytes).toString('base64')}`;
    const viaTrpc = await admin.trpc(
      'mutation',
      'admin.services.create',
      { ...serviceFields('Picture Test Two'), image },
      SAME_ORIGIN,
    );
    expect(viaTrpc.status, JSON.stringify(viaTrpc.error)).toBe(200);
    expect(storedUploads(env.config).length).toBe(before.length + 2);
    figures.accepted += 2;
  });
});
