import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseS3Url } from '../src/s3-location.js';
import type { BlobStore } from '../src/store/blobs/blob-store.js';
import { createLocalBlobStore } from '../src/store/blobs/local-blob-store.js';
import { openBlobStore } from '../src/store/blobs/open-blob-store.js';
import { createS3BlobStore } from '../src/store/blobs/s3-blob-store.js';
import { type FakeS3Server, startFakeS3Server } from './support/fake-s3-server.js';

const bucket = 'quire-test';
const encode = (text: string) => new TextEncoder().encode(text);
const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const absent = sha256Of(encode('never stored'));

interface OpenedStore {
  blobs: BlobStore;
  close(): Promise<void>;
}

async function openLocalStore(): Promise<OpenedStore & { directory: string }> {
  const parent = await mkdtemp(join(tmpdir(), 'quire-blobs-'));
  // A directory that does not exist yet: the store makes it on the first write.
  const directory = join(parent, 'data', 'files');
  return {
    directory,
    blobs: createLocalBlobStore(directory),
    close: () => rm(parent, { recursive: true, force: true }),
  };
}

function s3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test-key', secretAccessKey: 'test-secret' },
  });
}

async function openS3Store(): Promise<OpenedStore & { s3: FakeS3Server }> {
  const s3 = await startFakeS3Server([bucket]);
  const client = s3Client(s3.endpoint);
  return {
    s3,
    blobs: createS3BlobStore({ bucket, prefix: 'instance/files', client }),
    close: async () => {
      client.destroy();
      await s3.close();
    },
  };
}

const implementations = [
  { name: 'local directory', open: openLocalStore },
  { name: 'S3', open: openS3Store },
];

describe.each(implementations)('blob store: $name', ({ open }) => {
  let store: OpenedStore;
  let blobs: BlobStore;
  beforeAll(async () => {
    store = await open();
    blobs = store.blobs;
  });
  afterAll(() => store.close());

  it('stores bytes under their SHA-256 and reads them back', async () => {
    const bytes = encode('Hello, blob store! ✓');
    const stored = await blobs.put(bytes);
    expect(stored).toEqual({ sha256: sha256Of(bytes), size: bytes.byteLength });
    expect(await blobs.read(stored.sha256)).toEqual(bytes);
    expect(await blobs.size(stored.sha256)).toBe(bytes.byteLength);
  });

  it('keeps binary bytes and empty blobs as they are', async () => {
    const binary = new Uint8Array(70_000).map((_, index) => (index * 31) % 256);
    const empty = new Uint8Array(0);
    const [storedBinary, storedEmpty] = [await blobs.put(binary), await blobs.put(empty)];
    expect(await blobs.read(storedBinary.sha256)).toEqual(binary);
    expect(storedEmpty).toEqual({ sha256: sha256Of(empty), size: 0 });
    expect(await blobs.read(storedEmpty.sha256)).toEqual(empty);
    expect(await blobs.size(storedEmpty.sha256)).toBe(0);
  });

  it('stores the same bytes once, also when they arrive at the same time', async () => {
    const bytes = encode('the same file, uploaded again and again');
    const first = await blobs.put(bytes);
    const again = await blobs.put(bytes.slice());
    const together = await Promise.all(Array.from({ length: 8 }, () => blobs.put(bytes)));
    expect(again).toEqual(first);
    for (const stored of together) expect(stored).toEqual(first);
    expect(await blobs.read(first.sha256)).toEqual(bytes);
    const other = await blobs.put(encode('the same file, uploaded again and again.'));
    expect(other.sha256).not.toBe(first.sha256);
  });

  it('reads inclusive byte ranges, cut short at the end of the blob', async () => {
    const { sha256 } = await blobs.put(encode('0123456789'));
    const text = async (range: { start: number; end: number }) =>
      new TextDecoder().decode(await blobs.read(sha256, range));
    expect(await text({ start: 0, end: 0 })).toBe('0');
    expect(await text({ start: 2, end: 5 })).toBe('2345');
    expect(await text({ start: 7, end: 9 })).toBe('789');
    expect(await text({ start: 7, end: 1000 })).toBe('789');
    expect(await text({ start: 10, end: 20 })).toBe('');
    await expect(blobs.read(sha256, { start: 5, end: 2 })).rejects.toThrow(RangeError);
    await expect(blobs.read(sha256, { start: -1, end: 2 })).rejects.toThrow(RangeError);
  });

  it('answers undefined for a hash with nothing stored', async () => {
    expect(await blobs.read(absent)).toBeUndefined();
    expect(await blobs.read(absent, { start: 0, end: 3 })).toBeUndefined();
    expect(await blobs.size(absent)).toBeUndefined();
  });

  it('refuses anything that is not a lower-case hex SHA-256', async () => {
    const bad = [
      '',
      'abc',
      absent.toUpperCase(),
      `${absent}0`,
      `${absent.slice(0, 63)}g`,
      `../../${absent.slice(6)}`,
      `ab/cd/${absent.slice(6)}`,
    ];
    for (const sha256 of bad) {
      await expect(blobs.read(sha256), sha256).rejects.toThrow(/64 lower-case hex/);
      await expect(blobs.read(sha256, { start: 0, end: 1 }), sha256).rejects.toThrow(
        /64 lower-case hex/,
      );
      await expect(blobs.size(sha256), sha256).rejects.toThrow(/64 lower-case hex/);
    }
  });
});

describe('local blob store', () => {
  it('shards files by hash prefix and leaves no partial files behind', async () => {
    const store = await openLocalStore();
    try {
      const bytes = encode('sharded');
      const { sha256 } = await store.blobs.put(bytes);
      await Promise.all([store.blobs.put(bytes), store.blobs.put(bytes)]);
      const shard = join(store.directory, sha256.slice(0, 2), sha256.slice(2, 4));
      expect(await readdir(shard)).toEqual([sha256]);
      expect((await stat(join(shard, sha256))).size).toBe(bytes.byteLength);
    } finally {
      await store.close();
    }
  });
});

describe('S3 blob store', () => {
  it('keeps objects under its prefix, sharded like the local store, uploaded once', async () => {
    const store = await openS3Store();
    try {
      const { sha256 } = await store.blobs.put(encode('in the bucket'));
      await store.blobs.put(encode('in the bucket'));
      expect([...store.s3.objects.keys()]).toEqual([
        `${bucket}/instance/files/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`,
      ]);
      expect(store.s3.requests.PUT).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('fails loudly when the bucket does not exist', async () => {
    const s3 = await startFakeS3Server([bucket]);
    const client = s3Client(s3.endpoint);
    try {
      const blobs = createS3BlobStore({ bucket: 'no-such-bucket', prefix: '', client });
      await expect(blobs.put(encode('lost'))).rejects.toThrow(/bucket does not exist/);
    } finally {
      client.destroy();
      await s3.close();
    }
  });
});

describe('opening the configured blob store', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads s3:// locations', () => {
    expect(parseS3Url('s3://quire-files')).toEqual({ bucket: 'quire-files', prefix: '' });
    expect(parseS3Url('s3://quire-files/prod/files/')).toEqual({
      bucket: 'quire-files',
      prefix: 'prod/files',
    });
    for (const bad of ['https://quire-files', 's3://', 's3://Upper', 's3://b?x=1', 's3:/quire']) {
      expect(parseS3Url(bad), bad).toBeUndefined();
    }
  });

  it('uses S3 when FILES_URL names a bucket, path-style at the given endpoint', async () => {
    const s3 = await startFakeS3Server([bucket]);
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'test-key');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'test-secret');
    vi.stubEnv('AWS_REGION', 'us-east-1');
    try {
      const blobs = openBlobStore({
        filesDir: join(tmpdir(), 'quire-unused'),
        filesUrl: `s3://${bucket}/configured`,
        filesS3Endpoint: s3.endpoint,
      });
      const { sha256 } = await blobs.put(encode('configured'));
      expect([...s3.objects.keys()]).toEqual([
        `${bucket}/configured/${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`,
      ]);
    } finally {
      await s3.close();
    }
  });

  it('uses the local directory otherwise', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'quire-blobs-'));
    try {
      const blobs = openBlobStore({
        filesDir: join(parent, 'files'),
        filesUrl: undefined,
        filesS3Endpoint: undefined,
      });
      const { sha256 } = await blobs.put(encode('on disk'));
      expect(await readdir(join(parent, 'files', sha256.slice(0, 2)))).toEqual([
        sha256.slice(2, 4),
      ]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
