/** The logged-in customer, as the header needs them. */
export interface CurrentUser {
  fullName: string;
  avatarUrl: string | null;
}

/**
 * Always null for now: sessions arrive with the accounts issue, which replaces this body with
 * the real query. Callers already handle both cases, so nothing else changes then.
 */
export function useCurrentUser(): CurrentUser | null {
  return null;
}
