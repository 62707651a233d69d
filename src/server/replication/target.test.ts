// REPLICA_URL as a salon owner writes it: every kind of target it names, and a clear sentence for
// each way to get it wrong, through the configuration the server starts with.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@/server/env';
import { describeTarget, litestreamKeys, litestreamReplica, parseReplicaTarget } from './target';

const DATA = '/srv/salon/data';
const parse = (url: string, more: Record<string, string> = {}) => parseReplicaTarget({ url, ...more }, DATA);
const refusal = (url: string, more: Record<string, string> = {}) => {
  try {
    parse(url, more);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${url} was accepted`);
};

describe('the replica target', () => {
  it('reads a folder as a path or a file:// address, outside the data folder only', () => {
    expect(parse('/mnt/nas/salon')).toEqual({ kind: 'folder', path: '/mnt/nas/salon' });
    expect(parse('file:///mnt/nas/salon%20copy')).toEqual({ kind: 'folder', path: '/mnt/nas/salon copy' });
    expect(parse('/srv/salon/data-copy')).toEqual({ kind: 'folder', path: '/srv/salon/data-copy' });
    for (const inside of ['/srv/salon/data', '/srv/salon/data/replica', 'file:///srv/salon/data/x']) {
      expect(refusal(inside)).toBe('must be outside DATA_DIR: a copy on the same folder is lost with it');
    }
  });

  it('reads an S3 bucket with its endpoint, region and keys, and keeps the keys out of its description', () => {
    const target = parse('s3://salon-backups/rose/', {
      endpoint: 'https://s3.eu-central-003.example.com',
      region: 'eu-central-003',
      accessKeyId: 'AKIA123',
      secretAccessKey: 'very-secret',
    });
    expect(target).toEqual({
      kind: 's3',
      bucket: 'salon-backups',
      prefix: 'rose',
      endpoint: 'https://s3.eu-central-003.example.com',
      region: 'eu-central-003',
      accessKeyId: 'AKIA123',
      secretAccessKey: 'very-secret',
    });
    expect(describeTarget(target)).toBe('s3://salon-backups/rose at https://s3.eu-central-003.example.com');
    expect(litestreamReplica(target, 'database')).toEqual({
      type: 's3',
      bucket: 'salon-backups',
      path: 'rose/database',
      endpoint: 'https://s3.eu-central-003.example.com',
      'force-path-style': true,
      region: 'eu-central-003',
    });
    expect(litestreamKeys(target)).toEqual({
      LITESTREAM_ACCESS_KEY_ID: 'AKIA123',
      LITESTREAM_SECRET_ACCESS_KEY: 'very-secret',
    });
    // Amazon's own S3: no endpoint, no region given; a blank setting is no setting.
    const aws = parse('s3://bucket', { endpoint: ' ', region: '' });
    expect(litestreamReplica(aws, 'pictures')).toEqual({ type: 's3', bucket: 'bucket', path: 'pictures' });
  });

  it('refuses an S3 address without a bucket, with keys in it, or with an endpoint that is not http(s)', () => {
    expect(refusal('s3:///path')).toBe('must name a bucket: s3://bucket/path');
    expect(refusal('s3://key:secret@bucket/path')).toBe(
      'must not hold keys: set REPLICA_ACCESS_KEY_ID and REPLICA_SECRET_ACCESS_KEY',
    );
    expect(refusal('s3://bucket/path', { endpoint: 'ftp://store' })).toBe(
      'REPLICA_ENDPOINT "ftp://store" must be an http(s) address',
    );
  });

  it('reads an SSH server with a password or a key, never showing the password', () => {
    const target = parse('sftp://backup:p%40ss@nas.local:2222/volume1/salon');
    expect(target).toEqual({
      kind: 'sftp',
      host: 'nas.local',
      port: 2222,
      user: 'backup',
      password: 'p@ss',
      keyPath: undefined,
      path: '/volume1/salon',
    });
    expect(describeTarget(target)).toBe('sftp://backup@nas.local:2222/volume1/salon');
    expect(litestreamReplica(target, 'database')).toMatchObject({
      type: 'sftp',
      host: 'nas.local:2222',
      path: '/volume1/salon/database',
    });
    expect(parse('sftp://backup@nas.local/salon', { sftpKeyPath: '/root/.ssh/id_ed25519' })).toMatchObject({
      port: 22,
      keyPath: '/root/.ssh/id_ed25519',
      password: undefined,
    });
    expect(refusal('sftp://backup@nas.local/salon')).toBe(
      'needs a password (sftp://user:password@host/path) or REPLICA_SFTP_KEY_PATH',
    );
    expect(refusal('sftp://nas.local/salon')).toBe('must name a user: sftp://user@host/path');
    expect(refusal('sftp://backup:pw@nas.local/')).toBe('must name a folder on the server: sftp://user@host/path');
  });

  it('never repeats a password in its messages, and says so of a broken escape instead of failing', () => {
    const message = refusal('sftp://backup:pa#ss@nas.local/salon');
    expect(message).not.toContain('pa#ss');
    expect(message).toContain('sftp://***@');
    expect(refusal('sftp://backup:100%@nas.local/salon')).toBe('sftp://***@nas.local/salon has a broken %-escape');
    expect(refusal('s3://bucket/x', { endpoint: 'https://key:secret@store.example' })).toBe(
      'REPLICA_ENDPOINT must not hold keys: set REPLICA_ACCESS_KEY_ID and REPLICA_SECRET_ACCESS_KEY',
    );
  });

  it('refuses any other kind of address', () => {
    expect(refusal('https://example.com/salon')).toBe(
      'must be a folder, a file://, s3:// or sftp:// address, not https://',
    );
    expect(refusal('   ')).toBe('is empty');
  });

  it('is checked when the server starts, with the variable named; unset, nothing is replicated', () => {
    expect(loadConfig({}).replica).toBeUndefined();
    expect(loadConfig({ DATA_DIR: DATA, REPLICA_URL: '/mnt/nas/salon' }).replica).toEqual({
      kind: 'folder',
      path: '/mnt/nas/salon',
    });
    expect(() => loadConfig({ DATA_DIR: DATA, REPLICA_URL: 'gs://bucket' })).toThrow(ConfigError);
    try {
      loadConfig({ DATA_DIR: DATA, REPLICA_URL: `${DATA}/copy` });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'REPLICA_URL: must be outside DATA_DIR: a copy on the same folder is lost with it',
      ]);
    }
  });
});
