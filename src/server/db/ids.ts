import { randomBytes } from 'node:crypto';

/**
 * A new row id: 24 hex characters, 4 bytes of seconds then 8 random bytes, the shape of the
 * MongoDB ObjectIds the original web client was written against. Ids sort by creation time.
 */
export function newId(now: Date = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(seconds >>> 0);
  return head.toString('hex') + randomBytes(8).toString('hex');
}
