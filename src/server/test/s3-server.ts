// An S3-compatible store on 127.0.0.1 for the disaster drill and the replicator's tests: s3rver, keeping its objects in a
// folder. Its listing with a delimiter misses the "folders" whose objects lie deeper than one
// level (it prunes those directories before it has seen their keys), which is how Litestream
// finds its generations: that listing is answered here from the full one, as S3 answers it.
import S3rver from 's3rver';
import { freePort } from '@/server/free-port';

interface Listing {
  objects: { key: string }[];
  commonPrefixes: string[];
  isTruncated: boolean;
}
interface ListOptions {
  delimiter?: string;
  prefix?: string;
  startAfter?: string;
  maxKeys?: number;
}
interface Store {
  listObjects(bucket: string, options: ListOptions): Promise<Listing>;
  putObject(object: unknown): Promise<unknown>;
}

export interface S3Store {
  /** The endpoint (REPLICA_ENDPOINT). */
  url: string;
  bucket: string;
  /** s3rver's fixed keys. */
  accessKeyId: string;
  secretAccessKey: string;
  /** From now on, each object written is stored `ms` later (a slow replica); 0 again for none. */
  slowWrites(ms: number): void;
  /** How many objects are being written at this moment. */
  writesUnderWay(): number;
  close(): Promise<void>;
}

/** `port`: a chosen one (a replica that appears where one could not be reached); a free one otherwise. */
export async function startS3Server(
  directory: string,
  options: { bucket?: string; port?: number } = {},
): Promise<S3Store> {
  const bucket = options.bucket ?? 'salon';
  const port = options.port ?? (await freePort());
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  const store = (server as unknown as { store: Store }).store;
  const list = store.listObjects.bind(store);
  store.listObjects = async (name, options) => {
    const delimiter = options.delimiter ?? '';
    if (delimiter === '') return list(name, options);
    const prefix = options.prefix ?? '';
    const all = await list(name, { ...options, delimiter: '', maxKeys: Infinity });
    const prefixes = new Set<string>();
    const objects = all.objects.filter((object) => {
      const at = object.key.slice(prefix.length).indexOf(delimiter);
      if (at === -1) return true;
      prefixes.add(object.key.slice(0, prefix.length + at + delimiter.length));
      return false;
    });
    return { objects, commonPrefixes: [...prefixes].sort(), isTruncated: false };
  };
  let writeDelayMs = 0;
  let underWay = 0;
  const put = store.putObject.bind(store);
  store.putObject = async (object) => {
    underWay += 1;
    try {
      if (writeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, writeDelayMs));
      return await put(object);
    } finally {
      underWay -= 1;
    }
  };
  return {
    url: `http://127.0.0.1:${String(port)}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    slowWrites: (ms) => {
      writeDelayMs = ms;
    },
    writesUnderWay: () => underWay,
    close: () => server.close(),
  };
}
