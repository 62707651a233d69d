// What the hostile-input tests (rest/hostile-input.test.ts, trpc/hostile-input.test.ts) share:
// the signs of a leak, the write counter, the echo filter and fast-check's hostile values.
import fc from 'fast-check';
import { z } from 'zod';
import type { TestEnvironment } from './test-db';

/** The input fields a procedure's input schema names (what a type-confused request aims at). */
export function inputFieldsOf(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(json.properties ?? {});
}

/** Signs of an internal error reaching the client: a stack frame, a source path, SQLite's words. */
export const LEAKS: RegExp[] = [
  /\bat [^\s"]*[/\\][^\s"]*:\d+/,
  /\.[cm]?[jt]s:\d+/,
  /node_modules/,
  /"stack"\s*:/,
  /SQLITE/i,
  /\bSELECT\s/,
  /\bINSERT\s/,
  /\bUPDATE \S+ SET\b/,
  /constraint failed/i,
  /no such (table|column)/i,
];

/**
 * Rows inserted, updated or deleted through the app's connection since it opened (every write
 * the app makes goes through it). Unchanged across a request: that request wrote nothing, not
 * even a write it rolled back.
 */
export const rowsWritten = (env: TestEnvironment): number =>
  env.database.sqlite.prepare('SELECT total_changes()').pluck().get() as number;

/** Every string inside a value, so that an answer quoting what was sent is not mistaken for a leak. */
export function stringsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      stringsIn(item, into);
    }
  }
  return into;
}

/** `text` without the pieces of what was sent that it quotes back. */
export function withoutEchoes(text: string, sent: string[]): string {
  let rest = text;
  for (const piece of sent) {
    if (piece.length < 4) continue;
    for (const form of [piece, JSON.stringify(piece).slice(1, -1)]) rest = rest.split(form).join('');
  }
  return rest;
}

/** What a hostile request may send in place of a field's value. */
const hugeString = fc.constantFrom('x'.repeat(100_000), '\u{1D4E7}'.repeat(10_000), '\u0000'.repeat(2_000));
const trickyString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '%00',
  '{{7*7}}',
  '${process.env}',
  '\uFEFF',
  '\uD800',
  '\u202Eevil',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '2026-02-30',
  '25:99',
  'monday',
  'Pending',
  'CONFIRMED',
  '__proto__',
  'constructor',
  'data:image/png;base64,AAAA',
);
export const hostileString = fc.oneof(
  { arbitrary: trickyString, weight: 4 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: hugeString, weight: 1 },
);
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1, 0.1, -0), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }), weight: 2 },
  { arbitrary: fc.constant(Array.from({ length: 5_000 }, () => 'Monday')), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), weight: 2 },
);
