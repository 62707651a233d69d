// What a visitor was typing or choosing, kept under one key of this tab's sessionStorage while
// they log in (the booking form's choices, an unsent review), so the form is as they left it when
// they come back. Storage may be blocked or full: then nothing is kept, and nothing fails.

/** The part of the Web Storage API a draft uses (a test passes `memoryStorage()`). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** This tab's sessionStorage; undefined on the server or where the browser refuses it. */
export function sessionStore(): DraftStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Reads and writes one draft; `null` written removes it. */
export function sessionDraft(key: string) {
  return {
    read(storage: DraftStorage | undefined = sessionStore()): string | null {
      try {
        return storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    write(value: string | null, storage: DraftStorage | undefined = sessionStore()): void {
      try {
        if (value === null) storage?.removeItem(key);
        else storage?.setItem(key, value);
      } catch {
        // Storage full or blocked: the draft is simply not kept.
      }
    },
  };
}

/** A storage kept in memory, for the drafts' tests; `size()` counts what it holds. */
export function memoryStorage(): DraftStorage & { size(): number } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    size: () => items.size,
  };
}
