import { describe, expect, it } from 'vitest';
import { memoryStorage, sessionDraft, type DraftStorage } from './session-draft';

const draft = sessionDraft('salon:test-draft');

describe('a draft kept in session storage', () => {
  it('reads back what was written, and is gone once null is written', () => {
    const storage = memoryStorage();
    draft.write('{"a":1}', storage);
    expect(draft.read(storage)).toBe('{"a":1}');
    draft.write(null, storage);
    expect(draft.read(storage)).toBeNull();
    expect(storage.size()).toBe(0);
  });

  it('keeps nothing and throws nothing when the browser refuses its storage (full, or blocked)', () => {
    const refusing: DraftStorage = {
      getItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(() => draft.write('{"a":1}', refusing)).not.toThrow();
    expect(() => draft.write(null, refusing)).not.toThrow();
    expect(draft.read(refusing)).toBeNull();
  });

  it('has nothing to keep where there is no storage (the server)', () => {
    expect(draft.read(undefined)).toBeNull();
    expect(() => draft.write('x', undefined)).not.toThrow();
  });
});
