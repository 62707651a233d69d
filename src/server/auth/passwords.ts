import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

/**
 * Password hashes computed at once in this process (each takes 19 MiB and a core for tens of
 * milliseconds); the rest wait their turn, so a burst of logins or sign-ups cannot exhaust memory.
 */
export const PASSWORD_HASHES_AT_ONCE = 4;
const hashSlots = pLimit(PASSWORD_HASHES_AT_ONCE);

// @node-rs/argon2 defaults to argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane).
export function hashPassword(password: string): Promise<string> {
  return hashSlots(() => hash(password));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashSlots(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
