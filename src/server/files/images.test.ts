import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@/shared/images';
import { decodeBase64Image, removeStoredImage, storeImage } from './images';
import { UPLOADS_PREFIX } from './urls';

const root = mkdtempSync(join(tmpdir(), 'salon-images-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
/** A fresh uploads folder per test, so listings only show what that test stored. */
const freshUploadsDir = () => join(root, `uploads-${++folders}`);

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 190, g: 60, b: 120 } } });

/** Random pixels, so the compressed data is large and cutting it in half cuts through the scan. */
const noisyJpeg = () =>
  sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
    .jpeg()
    .toBuffer();

const storedFile = (uploadsDir: string, urlPath: string) => join(uploadsDir, urlPath.slice(UPLOADS_PREFIX.length));

describe('storing an uploaded image', () => {
  it('stores a phone photo upright as WebP under a random name, without its EXIF copyright or GPS position', async () => {
    const uploadsDir = freshUploadsDir();
    // A 800x600 sensor image that the camera marks "rotate 90°" (orientation 6), as phones do.
    const photo = await solid(800, 600)
      .withExif({
        IFD0: { Copyright: 'secret', Make: 'PhoneMaker' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes('secret')).toBe(true);

    const url = await storeImage(photo, uploadsDir);

    expect(url).toMatch(/^\/uploads\/[0-9a-f]{24}\.webp$/);
    expect(readdirSync(uploadsDir)).toEqual([url.slice(UPLOADS_PREFIX.length)]);
    const stored = readFileSync(storedFile(uploadsDir, url));
    const after = await sharp(stored).metadata();
    expect(after.format).toBe('webp');
    expect([after.width, after.height]).toEqual([600, 800]);
    expect(after.exif).toBeUndefined();
    expect(stored.includes('secret')).toBe(false);
    expect(stored.includes('PhoneMaker')).toBe(false);
  });

  it('accepts PNG and WebP images and gives every upload its own name', async () => {
    const uploadsDir = freshUploadsDir();
    const png = await solid(320, 200).png().toBuffer();
    const webp = await solid(320, 200).webp().toBuffer();

    const urls = [
      await storeImage(png, uploadsDir),
      await storeImage(webp, uploadsDir),
      await storeImage(png, uploadsDir),
    ];

    expect(new Set(urls).size).toBe(3);
    for (const url of urls) {
      const metadata = await sharp(storedFile(uploadsDir, url)).metadata();
      expect(metadata.format).toBe('webp');
      expect([metadata.width, metadata.height]).toEqual([320, 200]);
    }
  });

  it('shrinks a large picture to fit within 1600 pixels, keeping its proportions', async () => {
    const uploadsDir = freshUploadsDir();
    const url = await storeImage(await solid(3000, 2000).jpeg().toBuffer(), uploadsDir);
    const metadata = await sharp(storedFile(uploadsDir, url)).metadata();
    expect([metadata.width, metadata.height]).toEqual([1600, 1067]);
  });

  it('creates the uploads folder when it does not exist yet', async () => {
    const uploadsDir = join(freshUploadsDir(), 'nested', 'uploads');
    const url = await storeImage(await solid(10, 10).png().toBuffer(), uploadsDir);
    expect(existsSync(storedFile(uploadsDir, url))).toBe(true);
  });

  const unsupported = { kind: 'unsupported-file', message: 'Only JPEG, PNG or WebP images are allowed.' };
  const refusals: { what: string; bytes: () => Promise<Uint8Array>; error: { kind: string; message: string } }[] = [
    {
      what: 'an SVG drawing',
      bytes: () =>
        Promise.resolve(
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(1)</script>' +
              '<rect width="40" height="40" fill="red"/></svg>',
          ),
        ),
      error: unsupported,
    },
    { what: 'a GIF', bytes: () => solid(40, 40).gif().toBuffer(), error: unsupported },
    {
      what: 'an HTML page renamed to .jpg',
      bytes: () => Promise.resolve(Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')),
      error: unsupported,
    },
    {
      what: 'plain text',
      bytes: () => Promise.resolve(Buffer.from('just some words, not a picture')),
      error: unsupported,
    },
    { what: 'an empty file', bytes: () => Promise.resolve(new Uint8Array(0)), error: unsupported },
    {
      what: 'a JPEG cut off halfway through',
      bytes: async () => {
        const jpeg = await noisyJpeg();
        return jpeg.subarray(0, Math.floor(jpeg.length / 2));
      },
      error: unsupported,
    },
    {
      what: 'a 6 MB file',
      bytes: async () => Buffer.concat([await noisyJpeg(), Buffer.alloc(6 * 1024 * 1024)]),
      error: { kind: 'file-too-large', message: 'Image must be 5 MB or smaller.' },
    },
    {
      what: 'an 8000x6000 (48 megapixel) image',
      // One colour compresses to a few KB, so only the pixel count is over the limit.
      bytes: () => solid(8000, 6000).png({ compressionLevel: 9 }).toBuffer(),
      error: { kind: 'file-too-large', message: 'Image must be at most 40 megapixels.' },
    },
  ];

  it.each(refusals)('refuses $what and leaves the uploads folder as it was', async ({ bytes, error }) => {
    const uploadsDir = freshUploadsDir();
    mkdirSync(uploadsDir, { recursive: true });
    writeFileSync(join(uploadsDir, 'earlier.webp'), 'an earlier upload');
    const data = await bytes();

    await expect(storeImage(data, uploadsDir)).rejects.toMatchObject(error);
    expect(readdirSync(uploadsDir)).toEqual(['earlier.webp']);
  });
});

describe('removing a stored image', () => {
  it('deletes an image that was stored earlier', async () => {
    const uploadsDir = freshUploadsDir();
    const url = await storeImage(await solid(10, 10).png().toBuffer(), uploadsDir);

    await removeStoredImage(url, uploadsDir);

    expect(readdirSync(uploadsDir)).toEqual([]);
  });

  it('does nothing when the image is already gone', async () => {
    const uploadsDir = freshUploadsDir();
    mkdirSync(uploadsDir, { recursive: true });
    await expect(
      removeStoredImage(`${UPLOADS_PREFIX}0123456789abcdef01234567.webp`, uploadsDir),
    ).resolves.toBeUndefined();
  });

  it('never deletes a file outside the uploads folder, whatever path it is given', async () => {
    const base = freshUploadsDir();
    const uploadsDir = join(base, 'uploads');
    mkdirSync(join(uploadsDir, 'sub'), { recursive: true });
    writeFileSync(join(base, 'salon.db'), 'the database');
    writeFileSync(join(uploadsDir, 'sub', 'inner.webp'), 'not a top-level upload');

    for (const path of [
      '/uploads/../salon.db',
      '/uploads/..',
      '/uploads/sub/../../salon.db',
      '/uploads/sub/inner.webp',
      '/uploads/..\\salon.db',
      join(base, 'salon.db'),
      '/images/../salon.db',
      '/uploads/',
    ]) {
      await removeStoredImage(path, uploadsDir);
    }

    expect(readFileSync(join(base, 'salon.db'), 'utf8')).toBe('the database');
    expect(existsSync(join(uploadsDir, 'sub', 'inner.webp'))).toBe(true);
  });
});

describe('decoding an image sent as base64', () => {
  it('returns the bytes of plain base64 and of a data: URL alike', async () => {
    const png = await solid(12, 12).png().toBuffer();
    const plain = png.toString('base64');

    expect(Buffer.from(decodeBase64Image(plain)).equals(png)).toBe(true);
    expect(Buffer.from(decodeBase64Image(`data:image/png;base64,${plain}`)).equals(png)).toBe(true);
    // Base64 wrapped at 76 characters, as some encoders produce.
    expect(Buffer.from(decodeBase64Image(plain.replace(/.{76}/g, '$&\r\n'))).equals(png)).toBe(true);
  });

  it('refuses text that is not base64', () => {
    for (const text of ['not base64 at all!', 'abc$def=', 'data:image/png;base64,@@@@', 'abcde']) {
      expect(() => decodeBase64Image(text)).toThrow(
        expect.objectContaining({ kind: 'invalid', message: 'Image is not valid base64.' }) as Error,
      );
    }
  });

  it('refuses base64 longer than a 5 MB image by its length, before looking at its content', () => {
    // Not even valid base64: the size alone decides, so a huge payload is never decoded.
    const huge = '!'.repeat(Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 8);
    expect(() => decodeBase64Image(huge)).toThrow(
      expect.objectContaining({ kind: 'file-too-large', message: 'Image must be 5 MB or smaller.' }) as Error,
    );
    const justFits = Buffer.alloc(MAX_IMAGE_BYTES).toString('base64');
    expect(decodeBase64Image(justFits).byteLength).toBe(MAX_IMAGE_BYTES);
  });
});
