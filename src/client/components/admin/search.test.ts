import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search';

describe('matchesSearch', () => {
  it('matches everything when the query is blank', () => {
    expect(matchesSearch('', 'Classic Manicure')).toBe(true);
    expect(matchesSearch('   ', 'Classic Manicure')).toBe(true);
  });

  it('ignores letter case and surrounding spaces', () => {
    expect(matchesSearch('  MANI ', 'Classic Manicure')).toBe(true);
    expect(matchesSearch('pedi', 'Classic Manicure')).toBe(false);
  });

  it('looks in every text it is given, skipping missing ones', () => {
    expect(matchesSearch('olivia', 'Facial Cleansing', null, 'Olivia Brown')).toBe(true);
    expect(matchesSearch('fresh', 'Facial Cleansing', undefined, 'My skin felt fresh')).toBe(true);
  });

  it('needs every word of the query, each in any of the texts', () => {
    expect(matchesSearch('olivia facial', 'Olivia Brown', 'Facial Cleansing')).toBe(true);
    expect(matchesSearch('olivia massage', 'Olivia Brown', 'Facial Cleansing')).toBe(false);
  });
});
