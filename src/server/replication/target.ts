// Where the salon's data is streamed to (REPLICA_URL and its REPLICA_* settings): a folder (a
// path or file:// URL, best on another disk or a network mount), any S3-compatible store
// (s3://bucket/path with an endpoint, region and keys), or an SSH server (sftp://). The same
// description serves the replicator (`npm start`) and `npm run restore`.
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type ReplicaTarget =
  | { kind: 'folder'; path: string }
  | {
      kind: 's3';
      bucket: string;
      /** The folder inside the bucket, without leading or trailing slashes ('' for the bucket's top). */
      prefix: string;
      /** An S3-compatible store's address (MinIO, Backblaze, Wasabi...); none: Amazon S3. */
      endpoint: string | undefined;
      region: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
    }
  | {
      kind: 'sftp';
      host: string;
      port: number;
      user: string;
      password: string | undefined;
      /** A private key file, instead of or besides a password. */
      keyPath: string | undefined;
      /** The folder on the server. */
      path: string;
    };

/** What the REPLICA_* variables say, as read from the environment (empty values unset). */
export interface ReplicaSettings {
  url: string;
  endpoint?: string | undefined;
  region?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  sftpKeyPath?: string | undefined;
}

export class InvalidReplicaTarget extends Error {
  override name = 'InvalidReplicaTarget';
}

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

/** A setting's value, trimmed; undefined when it is unset or blank. */
export const settingValue = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed === '' ? undefined : trimmed;
};

/**
 * The target REPLICA_URL names, with its settings; throws InvalidReplicaTarget with a sentence a
 * salon owner can act on. `dataDir`: a folder copy inside the data folder is refused (it would be
 * lost with the disk it is meant to survive, and restored into itself).
 */
export function parseReplicaTarget(settings: ReplicaSettings, dataDir: string): ReplicaTarget {
  try {
    return readTarget(settings, dataDir);
  } catch (error) {
    // A stray % in a password or path: a sentence, not a crash.
    if (error instanceof URIError) throw new InvalidReplicaTarget(`${masked(settings.url)} has a broken %-escape`);
    throw error;
  }
}

/** An address as it may be shown: any user and password in it replaced by `***`. */
function masked(url: string): string {
  // Up to the last @: a password may hold / # or ? too (then the address does not parse at all).
  return url.trim().replace(/^([a-z][a-z0-9+.-]*:\/\/).*@/i, '$1***@');
}

function readTarget(settings: ReplicaSettings, dataDir: string): ReplicaTarget {
  const url = settings.url.trim();
  if (url === '') throw new InvalidReplicaTarget('is empty');
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined || scheme === 'file') return folderTarget(url, scheme === 'file', dataDir);
  if (!URL.canParse(url)) {
    throw new InvalidReplicaTarget(
      `"${masked(url)}" is not a valid address (a password with / # ? or @ must be written %2F %23 %3F %40)`,
    );
  }
  const parsed = new URL(url);
  if (scheme === 's3') {
    if (parsed.hostname === '') throw new InvalidReplicaTarget('must name a bucket: s3://bucket/path');
    if (parsed.username || parsed.password) {
      throw new InvalidReplicaTarget('must not hold keys: set REPLICA_ACCESS_KEY_ID and REPLICA_SECRET_ACCESS_KEY');
    }
    const endpoint = settingValue(settings.endpoint);
    if (endpoint !== undefined) {
      if (!(URL.canParse(endpoint) && /^https?:$/.test(new URL(endpoint).protocol))) {
        throw new InvalidReplicaTarget(`REPLICA_ENDPOINT "${masked(endpoint)}" must be an http(s) address`);
      }
      const address = new URL(endpoint);
      if (address.username || address.password) {
        throw new InvalidReplicaTarget(
          'REPLICA_ENDPOINT must not hold keys: set REPLICA_ACCESS_KEY_ID and REPLICA_SECRET_ACCESS_KEY',
        );
      }
    }
    return {
      kind: 's3',
      bucket: parsed.hostname,
      prefix: trimSlashes(decodeURIComponent(parsed.pathname)),
      endpoint,
      region: settingValue(settings.region),
      accessKeyId: settingValue(settings.accessKeyId),
      secretAccessKey: settingValue(settings.secretAccessKey),
    };
  }
  if (scheme === 'sftp') {
    if (parsed.hostname === '') throw new InvalidReplicaTarget('must name a server: sftp://user@host/path');
    if (parsed.username === '') throw new InvalidReplicaTarget('must name a user: sftp://user@host/path');
    const password = parsed.password === '' ? undefined : decodeURIComponent(parsed.password);
    const keyPath = settingValue(settings.sftpKeyPath);
    if (password === undefined && keyPath === undefined) {
      throw new InvalidReplicaTarget('needs a password (sftp://user:password@host/path) or REPLICA_SFTP_KEY_PATH');
    }
    const path = decodeURIComponent(parsed.pathname);
    if (trimSlashes(path) === '')
      throw new InvalidReplicaTarget('must name a folder on the server: sftp://user@host/path');
    return {
      kind: 'sftp',
      host: parsed.hostname,
      port: parsed.port === '' ? 22 : Number(parsed.port),
      user: decodeURIComponent(parsed.username),
      password,
      keyPath: keyPath === undefined ? undefined : resolve(keyPath),
      path,
    };
  }
  throw new InvalidReplicaTarget(`must be a folder, a file://, s3:// or sftp:// address, not ${scheme}://`);
}

function folderTarget(url: string, isFileUrl: boolean, dataDir: string): ReplicaTarget {
  let path: string;
  try {
    path = resolve(isFileUrl ? fileURLToPath(url) : url);
  } catch {
    throw new InvalidReplicaTarget(`"${url}" is not a valid file:// address`);
  }
  const inside = relative(resolve(dataDir), path);
  if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))) {
    throw new InvalidReplicaTarget('must be outside DATA_DIR: a copy on the same folder is lost with it');
  }
  return { kind: 'folder', path };
}

/** The target in words, for the log and Settings → Backups: never a password or a key. */
export function describeTarget(target: ReplicaTarget): string {
  switch (target.kind) {
    case 'folder':
      return target.path;
    case 's3':
      return `s3://${target.bucket}/${target.prefix}${target.endpoint ? ` at ${target.endpoint}` : ''}`;
    case 'sftp':
      return `sftp://${target.user}@${target.host}${target.port === 22 ? '' : `:${String(target.port)}`}${target.path}`;
  }
}

/** The two files streamed: the database, and the pictures kept as rows (replication/pictures.ts). */
export const STREAMED_FILES = { database: 'salon.db', pictures: 'pictures.db' } as const;
export type StreamedFile = keyof typeof STREAMED_FILES;

/**
 * Litestream's settings for one replica of `file` (`database` or `pictures`: each in its own
 * folder of the target). Keys are not written here: the replicator passes them in its environment.
 */
export function litestreamReplica(
  target: ReplicaTarget,
  file: StreamedFile,
): Record<string, string | number | boolean> {
  switch (target.kind) {
    case 'folder':
      return { type: 'file', path: resolve(target.path, file) };
    case 's3':
      return {
        type: 's3',
        bucket: target.bucket,
        path: target.prefix === '' ? file : `${target.prefix}/${file}`,
        ...(target.endpoint === undefined ? {} : { endpoint: target.endpoint, 'force-path-style': true }),
        // A store of one's own has no regions to look up: any name is accepted.
        ...(target.region !== undefined
          ? { region: target.region }
          : target.endpoint === undefined
            ? {}
            : { region: 'us-east-1' }),
      };
    case 'sftp':
      return {
        type: 'sftp',
        host: `${target.host}:${String(target.port)}`,
        user: target.user,
        path: `${target.path.replace(/\/+$/, '')}/${file}`,
        ...(target.password === undefined ? {} : { password: target.password }),
        ...(target.keyPath === undefined ? {} : { 'key-path': target.keyPath }),
      };
  }
}

/** The environment Litestream reads an S3 store's keys from (none for other targets). */
export function litestreamKeys(target: ReplicaTarget): Record<string, string> {
  if (target.kind !== 's3') return {};
  return {
    ...(target.accessKeyId === undefined ? {} : { LITESTREAM_ACCESS_KEY_ID: target.accessKeyId }),
    ...(target.secretAccessKey === undefined ? {} : { LITESTREAM_SECRET_ACCESS_KEY: target.secretAccessKey }),
  };
}
