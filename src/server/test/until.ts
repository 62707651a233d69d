// Waiting for what the app does in the background (the outbox's deliveries, a notice mail).

/**
 * Asks `probe` every `everyMs` until it answers something other than undefined or false, and
 * resolves with that answer; throws "timed out waiting for `what`" after `timeoutMs`.
 */
export async function until<T>(
  what: string,
  probe: () => T | undefined | false,
  timeoutMs = 10_000,
  everyMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
