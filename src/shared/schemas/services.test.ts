import { describe, expect, it } from 'vitest';
import { createServiceSchema, serviceFormSchema, updateServiceSchema } from './services';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);

const picture = () => new File([new Uint8Array([1, 2, 3])], 'p.jpg', { type: 'image/jpeg' });
const valid = {
  name: 'Lash Lift',
  price: '35',
  duration: '45',
  category: 'Make up',
  description: 'Curled lashes for weeks.',
};

describe('service form schemas', () => {
  it('names every missing field with the spec words, reading empty multipart text as missing, not 0', () => {
    expect(
      messages(
        createServiceSchema.safeParse({ name: ' ', price: '', duration: '', category: '', description: '', image: '' }),
      ),
    ).toEqual([
      'name: Name is required',
      'price: Price is required',
      'duration: Duration is required',
      'category: Category is required',
      'description: Description is required',
      'image: Image is required',
    ]);
  });

  it('reads numbers sent as text and refuses ones that are not numbers or out of range', () => {
    expect(createServiceSchema.parse({ ...valid, image: 'abcd' })).toMatchObject({ price: 35, duration: 45 });
    expect(messages(createServiceSchema.safeParse({ ...valid, price: 'ten', duration: '0', image: 'abcd' }))).toEqual([
      'price: Price must be a number',
      'duration: Duration must be at least 1 minute',
    ]);
    expect(messages(createServiceSchema.safeParse({ ...valid, price: -1, duration: 12.5, image: 'abcd' }))).toEqual([
      'price: Price cannot be negative',
      'duration: Duration must be a whole number of minutes',
    ]);
  });

  it('refuses a category outside the five of the salon, naming the five', () => {
    expect(messages(createServiceSchema.safeParse({ ...valid, category: 'Tattoos', image: 'abcd' }))).toEqual([
      'category: Category must be one of: Make up, Hair styling, Nail care, cosmetology, SPA procedures',
    ]);
  });

  it('asks for an image on create only; an update without one keeps the stored image', () => {
    expect(messages(serviceFormSchema(false).safeParse({ ...valid, image: null }))).toEqual([
      'image: Image is required',
    ]);
    expect(serviceFormSchema(false).safeParse({ ...valid, image: picture() }).success).toBe(true);
    expect(serviceFormSchema(true).safeParse({ ...valid, image: null }).success).toBe(true);
    expect(updateServiceSchema.parse({ ...valid, id: 'x' }).image).toBeUndefined();
    // What a browser's FormData makes of a missing file is not an image.
    expect(updateServiceSchema.parse({ ...valid, id: 'x', image: 'null' }).image).toBeUndefined();
    expect(messages(createServiceSchema.safeParse({ ...valid, image: 'undefined' }))).toEqual([
      'image: Image is required',
    ]);
  });
});
