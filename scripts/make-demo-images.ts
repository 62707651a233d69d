/**
 * Draws the demo/seed images for the salon booking app: every picture of scripts/lib/demo-images.ts
 * rasterised with sharp into a small JPEG in `src/server/setup/seed-images/` (the seed copies them
 * into the uploads under the same names). Nothing is fetched from the network.
 *
 * Run with: npx tsx scripts/make-demo-images.ts [prefix ...]
 * e.g. `npx tsx scripts/make-demo-images.ts service- discount-` redraws only those pictures.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { DEMO_IMAGES, type DemoImage } from './lib/demo-images';

const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server/setup/seed-images');

const JPEG_OPTIONS = { quality: 78, mozjpeg: true } as const;

async function render(image: DemoImage): Promise<void> {
  const target = path.join(OUT_DIR, `${image.file}.jpg`);
  await sharp(Buffer.from(image.svg)).flatten({ background: '#ffffff' }).jpeg(JPEG_OPTIONS).toFile(target);
  const { size } = await stat(target);
  console.log(`${path.basename(target).padEnd(34)} ${(size / 1024).toFixed(1).padStart(6)} KB`);
}

async function main(prefixes: string[]): Promise<void> {
  const chosen = DEMO_IMAGES.filter(
    (image) => prefixes.length === 0 || prefixes.some((prefix) => image.file.startsWith(prefix)),
  );
  await mkdir(OUT_DIR, { recursive: true });
  for (const image of chosen) await render(image);
  console.log(`\n${chosen.length} images written to ${path.relative(process.cwd(), OUT_DIR)}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
