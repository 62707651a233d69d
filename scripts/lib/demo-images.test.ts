import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_IMAGES } from './demo-images';

const SEED_IMAGES_DIR = fileURLToPath(new URL('../../src/server/setup/seed-images/', import.meta.url));

/** Service and discount pictures: cropped to many shapes, so they must carry no lettering. */
const UNLETTERED = DEMO_IMAGES.filter((image) => /^(service|discount)-/.test(image.file));

/** A 100x75 greyscale reduction: small enough to ignore JPEG noise, big enough to see a word. */
const reduce = (input: Buffer | string) =>
  sharp(input).flatten({ background: '#ffffff' }).resize(100, 75, { fit: 'fill' }).greyscale().raw().toBuffer();

describe('the demo pictures', () => {
  it('has a drawing for every file in seed-images and a file for every drawing', () => {
    const files = readdirSync(SEED_IMAGES_DIR).filter((name) => name.endsWith('.jpg'));
    expect(files.sort()).toEqual(DEMO_IMAGES.map((image) => `${image.file}.jpg`).sort());
    expect(UNLETTERED.length).toBe(12);
  });

  it('draws no text into a service or discount picture', () => {
    for (const image of UNLETTERED) expect(image.svg, image.file).not.toMatch(/<text|<tspan/);
  });

  it('ships the service and discount files as the script draws them today (so none still has its old lettering)', async () => {
    for (const image of UNLETTERED) {
      const [drawn, shipped] = await Promise.all([
        reduce(Buffer.from(image.svg)),
        reduce(`${SEED_IMAGES_DIR}${image.file}.jpg`),
      ]);
      let total = 0;
      for (let index = 0; index < drawn.length; index += 1) total += Math.abs(drawn[index]! - shipped[index]!);
      // Measured: under 1 for a fresh rendering, 8 to 20 for the old pictures with their titles.
      expect(total / drawn.length, image.file).toBeLessThan(3);
    }
  });
});
