import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import type { Metadata } from 'sharp';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from '@/shared/images';
import { UPLOADS_PREFIX } from './urls';
import { FileTooLarge, InvalidRequest, UnsupportedFile } from '@/server/errors';

/** Larger photos would need hundreds of MB to decode; no service picture needs that many. */
const MAX_IMAGE_PIXELS = 40_000_000;
/** Enough for a sharp full-width picture on a large screen, small enough to serve quickly. */
const MAX_STORED_SIDE = 1600;
const WEBP_QUALITY = 82;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Images decoded at once in this process; the rest wait their turn. A decode of a large photo
 * takes a hundred megabytes or more for a moment, so a burst of uploads must not run all at once.
 */
export const IMAGE_DECODES_AT_ONCE = 2;
const decodeSlots = pLimit(IMAGE_DECODES_AT_ONCE);

/**
 * The image library, loaded at the first upload: it holds about 16 MB of native code that a server
 * which only serves pages and bookings never needs (docs/performance.md, memory).
 */
let sharpLoaded: Promise<typeof import('sharp')> | undefined;
const loadSharp = async () => (await (sharpLoaded ??= import('sharp'))).default;

/** The exact server-made names storeImage writes, and the demo images the seed copies in. */
const SAFE_STORED_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

const tooManyBytes = () => new FileTooLarge(IMAGE_TOO_LARGE_MESSAGE);
const unsupported = (cause?: unknown) => new UnsupportedFile('Only JPEG, PNG or WebP images are allowed.', { cause });
const tooManyPixels = () => new FileTooLarge('Image must be at most 40 megapixels.');

/**
 * Checks an uploaded image by its content, re-encodes it as WebP and stores it under a random
 * name in `uploadsDir`. Returns the URL path to keep in the database.
 *
 * Re-encoding rather than storing the bytes as sent means a file that merely looks like an image
 * (a polyglot, a script with a JPEG header) never reaches visitors, and the customer's EXIF data
 * (camera, GPS position) is dropped.
 */
export async function storeImage(data: Uint8Array, uploadsDir: string): Promise<string> {
  // Refuse oversized input before handing anything to the decoder.
  if (data.byteLength > MAX_IMAGE_BYTES) throw tooManyBytes();
  if (data.byteLength === 0) throw unsupported();

  const encoded = await decodeSlots(() => checkAndEncode(data));

  await mkdir(uploadsDir, { recursive: true });
  const name = `${randomBytes(12).toString('hex')}.webp`;
  // Written under a temporary name and renamed, so a crash mid-write never leaves a half file
  // that the database points at. The leading dot keeps it out of removeStoredImage's reach.
  const temporary = join(uploadsDir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, encoded, { flag: 'wx' });
    await rename(temporary, join(uploadsDir, name));
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  return `${UPLOADS_PREFIX}${name}`;
}

/** Reads the header (format, pixels: refused before decoding), then decodes and re-encodes as WebP. */
async function checkAndEncode(data: Uint8Array): Promise<Buffer> {
  // Header only; the pixel limit is checked below so that it gets its own message.
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw unsupported(error);
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw unsupported();
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw tooManyPixels();

  let encoded: Buffer;
  try {
    // failOn 'error' also rejects truncated files, which would otherwise be stored with a grey
    // band where the missing data was. limitInputPixels repeats the check above for the decoder.
    encoded = await sharp(data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .autoOrient()
      .resize(MAX_STORED_SIDE, MAX_STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    throw unsupported(error);
  }
  return encoded;
}

/**
 * Deletes a stored image by the URL path storeImage returned, when its record gets a new image or
 * the write that needed it fails. Anything that is not a plain file name under the uploads prefix
 * is ignored: the path comes from the database, but it must never reach outside `uploadsDir`.
 */
export async function removeStoredImage(urlPath: string, uploadsDir: string): Promise<void> {
  if (!urlPath.startsWith(UPLOADS_PREFIX)) return;
  const name = urlPath.slice(UPLOADS_PREFIX.length);
  if (!SAFE_STORED_NAME.test(name)) return;
  try {
    await unlink(join(uploadsDir, name));
  } catch (error) {
    // Already gone is the state we wanted.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

const DATA_URL_PREFIX = /^data:image\/[a-z0-9.+-]+;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Turns the base64 text a procedure received (a `data:image/...;base64,` prefix allowed, as a
 * browser's FileReader produces) into bytes for storeImage.
 */
export function decodeBase64Image(base64: string): Uint8Array {
  // Line breaks are legal in MIME-style base64; nothing else outside the alphabet is.
  const text = base64.replace(DATA_URL_PREFIX, '').replace(/\s+/g, '');
  // Every 4 characters carry 3 bytes; refusing on length alone avoids decoding a huge payload.
  if (Math.floor((text.length * 3) / 4) - paddingOf(text) > MAX_IMAGE_BYTES) throw tooManyBytes();
  if (!BASE64.test(text) || text.length % 4 === 1) {
    throw new InvalidRequest('Image is not valid base64.');
  }
  return Buffer.from(text, 'base64');
}

function paddingOf(text: string): number {
  if (text.endsWith('==')) return 2;
  return text.endsWith('=') ? 1 : 0;
}

/** What a write that may replace a record's image reports back. */
export interface ImageWrite<T> {
  result: T;
  /** The image the record had before, when the write gave it a new one: removed afterwards. */
  replacedImageUrl?: string | null;
}

/**
 * Runs a database write that may give a record a new image. Call it after every other check has
 * passed: the image (base64, as procedures receive it) is checked and stored first, so a refused
 * upload writes nothing; it is removed again if the write throws; the image it replaced is removed
 * once the write has succeeded. `write` gets the new image's URL path, or undefined when none was
 * sent (an update that keeps its image).
 */
export async function writeWithImage<Image extends string | undefined, T>(
  uploadsDir: string,
  image: Image,
  write: (imageUrl: Image) => ImageWrite<T>,
): Promise<T> {
  // The stored path stands in for the base64 it was made from: defined exactly when that was.
  const imageUrl = (image === undefined ? undefined : await storeImage(decodeBase64Image(image), uploadsDir)) as Image;
  let written: ImageWrite<T>;
  try {
    written = write(imageUrl);
  } catch (error) {
    if (imageUrl) await removeStoredImage(imageUrl, uploadsDir);
    throw error;
  }
  if (imageUrl && written.replacedImageUrl) await removeImageQuietly(written.replacedImageUrl, uploadsDir);
  return written.result;
}

/**
 * Removes the image of a record that was saved or deleted already: a failure here must not turn
 * that success into an error, and a left-over file costs only disk space.
 */
export async function removeImageQuietly(urlPath: string, uploadsDir: string): Promise<void> {
  await removeStoredImage(urlPath, uploadsDir).catch(() => undefined);
}
