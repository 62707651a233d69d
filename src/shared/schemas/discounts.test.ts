import { describe, expect, it } from 'vitest';
import { createDiscountSchema, discountDateIssues, discountFormSchema } from './discounts';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`);

const today = '2026-11-21';
const valid = {
  title: 'Winter Warmth',
  percentage: '25',
  category: ['SPA procedures'],
  description: '',
  validFrom: '2026-11-21',
  validTill: '2026-12-31',
};
const picture = () => new File([new Uint8Array([1])], 'p.png', { type: 'image/png' });

describe('discount form schemas', () => {
  it('names every missing field with the spec words; the description may stay empty', () => {
    expect(
      messages(
        createDiscountSchema.safeParse({ title: '', percentage: '', description: '', validFrom: '', validTill: '' }),
      ),
    ).toEqual([
      'title: Title is required',
      'percentage: Percentage is required',
      'category: Please select at least one category.',
      'validFrom: Valid From is required',
      'validTill: Valid Till is required',
      'image: Image is required',
    ]);
  });

  it('keeps the percentage between 1 and 100', () => {
    expect(messages(createDiscountSchema.safeParse({ ...valid, percentage: '0', image: 'abcd' }))).toEqual([
      'percentage: Min is 1%',
    ]);
    expect(messages(createDiscountSchema.safeParse({ ...valid, percentage: 101, image: 'abcd' }))).toEqual([
      'percentage: Max is 100%',
    ]);
    expect(createDiscountSchema.parse({ ...valid, percentage: '100', image: 'abcd' }).percentage).toBe(100);
  });

  it('reads a single category as a one-item list and refuses unknown ones', () => {
    expect(createDiscountSchema.parse({ ...valid, category: 'Nail care', image: 'abcd' }).category).toEqual([
      'Nail care',
    ]);
    expect(messages(createDiscountSchema.safeParse({ ...valid, category: ['Nails'], image: 'abcd' }))).toEqual([
      'category.0: Please choose categories from the list.',
    ]);
  });

  it('accepts calendar days and full ISO date-times, nothing else', () => {
    const parsed = createDiscountSchema.safeParse({ ...valid, validFrom: '2026-11-20T18:30:00.000Z', image: 'abcd' });
    expect(parsed.success).toBe(true);
    expect(
      messages(
        createDiscountSchema.safeParse({ ...valid, validFrom: '21/11/2026', validTill: '2026-02-30', image: 'abcd' }),
      ),
    ).toEqual([
      'validFrom: Valid From must be a date such as 2026-12-31',
      'validTill: Valid Till must be a date such as 2026-12-31',
    ]);
  });

  it("checks Valid Till in the form against the browser's today and against Valid From", () => {
    expect(discountFormSchema(false, today).safeParse({ ...valid, image: picture() }).success).toBe(true);
    expect(
      messages(discountFormSchema(true, today).safeParse({ ...valid, validTill: '2026-11-20', image: null })),
    ).toEqual(['validTill: Valid Till date cannot be in the past.']);
    expect(
      messages(
        discountFormSchema(true, today).safeParse({
          ...valid,
          title: '',
          validFrom: '2026-12-10',
          validTill: '2026-12-01',
          image: null,
        }),
      ),
    ).toEqual(['title: Title is required', 'validTill: Valid Till date cannot be before Valid From.']);
  });
});

describe('the rules between the discount dates', () => {
  it('allows a discount that ends today or started in the past', () => {
    expect(discountDateIssues(today, today, today)).toEqual([]);
    expect(discountDateIssues('2026-01-01', today, today)).toEqual([]);
  });

  it('refuses an end in the past before anything else, then an end before the start', () => {
    expect(discountDateIssues('2026-11-25', '2026-11-20', today)).toEqual([
      { path: 'validTill', message: 'Valid Till date cannot be in the past.' },
    ]);
    expect(discountDateIssues('2026-12-25', '2026-12-20', today)).toEqual([
      { path: 'validTill', message: 'Valid Till date cannot be before Valid From.' },
    ]);
  });
});
