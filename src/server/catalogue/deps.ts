import type { Db } from '@/server/db/client';
import type { Config } from '@/server/env';

/** What the catalogue's writes need: the database, and where pictures are stored and served. */
export interface CatalogueDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'uploadsDir' | 'timezone'>;
}
