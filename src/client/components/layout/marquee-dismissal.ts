// Which discount banner the visitor closed, for the rest of this browser session (spec section 1:
// the user can close the marquee). Storage may be unavailable (privacy modes): then closing
// lasts until the page is reloaded.
const STORAGE_KEY = 'salon:closed-discount-marquee';

/** The id of the discount whose banner was closed in this session, if any. */
export function readClosedDiscountId(storage: Pick<Storage, 'getItem'> | undefined = safeSessionStorage()): string | null {
  try {
    return storage?.getItem(STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function rememberClosedDiscount(
  id: string,
  storage: Pick<Storage, 'setItem'> | undefined = safeSessionStorage(),
): void {
  try {
    storage?.setItem(STORAGE_KEY, id);
  } catch {
    // Full or blocked storage: the banner stays closed until the next reload only.
  }
}

function safeSessionStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
