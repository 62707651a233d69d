// The pictures kept for the replica (pictures.db) follow uploads/: a new picture is copied in, a
// removed one (replaced, or its owner's account deleted) is removed, a temporary file or a missing
// folder changes nothing, and a restore writes them back out byte for byte.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startPictureShipper, unpackPictures, type PictureShipper } from './pictures';

describe('the pictures kept for the replica', () => {
  let work = '';
  let shipper: PictureShipper | undefined;
  afterEach(() => {
    shipper?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const names = (store: string) => {
    const sqlite = new Database(store, { readonly: true });
    try {
      return sqlite
        .prepare<[], { name: string }>('SELECT name FROM pictures ORDER BY name')
        .all()
        .map((row) => row.name);
    } finally {
      sqlite.close();
    }
  };

  it('follow the uploads folder, and come back out of a restored copy byte for byte', async () => {
    work = mkdtempSync(join(tmpdir(), 'salon-pictures-'));
    const uploads = join(work, 'uploads');
    const store = join(work, 'pictures.db');
    mkdirSync(uploads);
    const first = randomBytes(20_000);
    const second = randomBytes(30_000);
    writeFileSync(join(uploads, 'aaa.webp'), first);
    writeFileSync(join(uploads, 'bbb.webp'), second);
    writeFileSync(join(uploads, '.ccc.webp.1234.tmp'), randomBytes(10));
    const warnings: string[] = [];
    shipper = startPictureShipper({ uploadsDir: uploads, storeFile: store, log: { warn: (_, m) => warnings.push(m) } });
    await shipper.shipNow();
    expect(names(store)).toEqual(['aaa.webp', 'bbb.webp']);
    expect(shipper.waiting()).toBe(0);

    unlinkSync(join(uploads, 'aaa.webp'));
    await shipper.shipNow();
    expect(names(store)).toEqual(['bbb.webp']);

    // The folder moved away for a moment: not "every picture deleted".
    renameSync(uploads, `${uploads}-away`);
    await shipper.shipNow();
    expect(names(store)).toEqual(['bbb.webp']);
    // An empty folder in its place (a disk mounted over it): the copies are kept, with a warning.
    mkdirSync(uploads);
    await shipper.shipNow();
    expect(names(store)).toEqual(['bbb.webp']);
    expect(warnings).toEqual(['pictures: the uploads folder is empty; the copies are kept']);
    rmSync(uploads, { recursive: true });
    renameSync(`${uploads}-away`, uploads);
    shipper.close();
    shipper = undefined;

    const restored = join(work, 'restored-uploads');
    expect(await unpackPictures(store, restored)).toBe(1);
    expect(readFileSync(join(restored, 'bbb.webp')).equals(second)).toBe(true);
    // A second pass leaves what is there.
    expect(await unpackPictures(store, restored)).toBe(0);
  });
});
