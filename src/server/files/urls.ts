import type { Config } from '@/server/env';

/** URL path under which stored images are served. */
export const UPLOADS_PREFIX = '/uploads/';

/**
 * Absolute URL of a stored file, so that a separately hosted client can load it too.
 * The database keeps the path only; the origin comes from PUBLIC_URL.
 */
export function publicFileUrl(config: Pick<Config, 'publicUrl'>, path: string): string {
  return new URL(path, config.publicUrl).href;
}
