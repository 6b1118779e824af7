import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore, type BlobStore } from './blob-store';
import { createS3BlobStore } from './s3-blob-store';

interface Harness {
  store: BlobStore;
  close(): Promise<void>;
}

async function localHarness(): Promise<Harness> {
  const dir = await mkdtemp(path.join(tmpdir(), 'blobs-'));
  return { store: createLocalBlobStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
}

/** The S3 adapter against an S3 emulator on loopback (no real S3 server can run here). */
async function s3Harness(): Promise<Harness> {
  const dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'photos', configs: [] }],
  });
  const { port } = await server.run();
  const store = createS3BlobStore({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'photos',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    store,
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['local folder', localHarness],
  ['S3-compatible', s3Harness],
])('blob store: %s', (_name, makeHarness) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await makeHarness();
  });
  afterAll(() => harness.close());

  it('stores bytes and streams them back whole or by range', async () => {
    await harness.store.put('users/u1/photo.txt', Buffer.from('0123456789'), 'text/plain');
    expect(await harness.store.stat('users/u1/photo.txt')).toEqual({ size: 10 });
    expect(await text(await harness.store.read('users/u1/photo.txt'))).toBe('0123456789');
    expect(await text(await harness.store.read('users/u1/photo.txt', { start: 2, end: 5 }))).toBe('2345');
  });

  it('accepts a stream and replaces an existing blob', async () => {
    await harness.store.put('users/u1/replace.txt', Buffer.from('old'));
    await harness.store.put(
      'users/u1/replace.txt',
      Readable.from([Buffer.from('new '), Buffer.from('content')]),
    );
    expect(await text(await harness.store.read('users/u1/replace.txt'))).toBe('new content');
  });

  it('reports a missing blob as absent, and deleting twice is harmless', async () => {
    await harness.store.put('users/u1/gone.txt', Buffer.from('x'));
    await harness.store.delete('users/u1/gone.txt');
    await harness.store.delete('users/u1/gone.txt');
    expect(await harness.store.stat('users/u1/gone.txt')).toBeUndefined();
  });

  it('refuses keys that could escape the store', async () => {
    await expect(harness.store.put('../outside.txt', Buffer.from('x'))).rejects.toThrow('Unsafe blob key');
  });
});
