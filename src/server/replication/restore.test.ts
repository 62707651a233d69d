// `npm run restore --at`: a moment with its zone, and a real one.
import { describe, expect, it } from 'vitest';
import { restoreMoment } from './restore';

describe('the moment of a restore', () => {
  it('is read with its zone, in UTC', () => {
    expect(restoreMoment('2026-11-25T16:00:00Z')).toBe('2026-11-25T16:00:00.000Z');
    expect(restoreMoment('2026-11-25T16:00+02:00')).toBe('2026-11-25T14:00:00.000Z');
    expect(restoreMoment(' 2026-11-25T16:00:00.250Z ')).toBe('2026-11-25T16:00:00.250Z');
  });

  it('is refused without a zone, or when no calendar has it', () => {
    for (const text of ['2026-11-25 16:00', '2026-11-25T16:00:00', 'yesterday', '']) {
      expect(() => restoreMoment(text)).toThrow('must be a moment with its zone, such as 2026-11-25T16:00:00Z');
    }
    for (const text of ['2026-02-30T10:00:00Z', '2026-11-25T24:00:00Z', '2026-11-25T16:61:00Z']) {
      expect(() => restoreMoment(text)).toThrow('is not a real moment');
    }
  });
});
