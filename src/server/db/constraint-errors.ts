/** True when a write was refused by a UNIQUE index (Drizzle wraps the driver's error; the code is on a cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
  }
  return false;
}
