import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore, type BlobStore } from './blob-store';
import { createS3BlobStore } from './s3-blob-store';
import { startS3rverBucket } from '../testing/s3rver-bucket';

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
  const bucket = await startS3rverBucket();
  return { store: createS3BlobStore(bucket.config), close: () => bucket.close() };
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

  it('stores bytes and gives them back whole, by range, or in memory', async () => {
    await harness.store.put('users/u1/photo.txt', Buffer.from('0123456789'), 'text/plain');
    expect(await harness.store.stat('users/u1/photo.txt')).toEqual({ size: 10 });
    expect(await text(await harness.store.read('users/u1/photo.txt'))).toBe('0123456789');
    expect(await text(await harness.store.read('users/u1/photo.txt', { start: 2, end: 5 }))).toBe('2345');
    expect((await harness.store.readBytes('users/u1/photo.txt')).toString()).toBe('0123456789');
    await expect(harness.store.readBytes('users/u1/missing.txt')).rejects.toThrow();
  });

  it('accepts a stream and replaces an existing blob', async () => {
    await harness.store.put('users/u1/replace.txt', Buffer.from('old'));
    await harness.store.put(
      'users/u1/replace.txt',
      Readable.from([Buffer.from('new '), Buffer.from('content')]),
    );
    expect(await text(await harness.store.read('users/u1/replace.txt'))).toBe('new content');
  });

  it('fails only the write when its stream fails before the store reads it, and keeps no blob', async () => {
    const broken = new PassThrough();
    broken.write('the first bytes');
    const written = harness.store.put('users/u1/early.txt', broken);
    // The store is still preparing (a folder to make, an upload to open): nothing reads the stream yet.
    broken.destroy(new Error('The source went away'));
    await expect(written).rejects.toThrow('The source went away');
    expect(await harness.store.stat('users/u1/early.txt')).toBeUndefined();
  });

  it('hands a blob over as a local file, and lets no temporary copy outlive the use', async () => {
    await harness.store.put('users/u1/file.txt', Buffer.from('file content'));
    const seen = await harness.store.withLocalFile('users/u1/file.txt', async (filePath) => ({
      filePath,
      content: await readFile(filePath, 'utf8'),
    }));
    expect(seen.content).toBe('file content');
    expect(await harness.store.stat('users/u1/file.txt')).toEqual({ size: 12 });
    if (!seen.filePath.includes(`${path.sep}users${path.sep}`)) {
      await expect(stat(seen.filePath)).rejects.toMatchObject({ code: 'ENOENT' });
    }
    await expect(harness.store.withLocalFile('users/u1/missing.txt', async () => 'used')).rejects.toThrow();
  });

  it('reports a missing blob as absent, and deleting twice is harmless', async () => {
    await harness.store.put('users/u1/gone.txt', Buffer.from('x'));
    await harness.store.delete('users/u1/gone.txt');
    await harness.store.delete('users/u1/gone.txt');
    expect(await harness.store.stat('users/u1/gone.txt')).toBeUndefined();
  });

  it('deletes everything below a folder, and nothing beside it', async () => {
    await harness.store.put('archives/u1/d1/d1.zip', Buffer.from('zip'));
    await harness.store.put('archives/u1/d1/d1.zip.left-by-a-crash.partial', Buffer.from('z'));
    await harness.store.put('archives/u1/d10/d10.zip', Buffer.from('other'));
    await harness.store.deletePrefix('archives/u1/d1/');
    await harness.store.deletePrefix('archives/u1/d1/');
    expect(await harness.store.stat('archives/u1/d1/d1.zip')).toBeUndefined();
    expect(await harness.store.stat('archives/u1/d1/d1.zip.left-by-a-crash.partial')).toBeUndefined();
    expect(await harness.store.stat('archives/u1/d10/d10.zip')).toEqual({ size: 5 });
    await expect(harness.store.deletePrefix('archives/u1/d1')).rejects.toThrow('must name a folder');
  });

  it('refuses keys that could escape the store', async () => {
    await expect(harness.store.put('../outside.txt', Buffer.from('x'))).rejects.toThrow('Unsafe blob key');
  });
});

describe('blob store: S3-compatible, presigned downloads', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await s3Harness();
  });
  afterAll(() => harness.close());

  it('hands out a short-lived URL the browser downloads from as a named attachment, by ranges too', async () => {
    await harness.store.put('archives/u1/d2/d2.zip', Buffer.from('0123456789'), 'application/zip');
    const url = await harness.store.presignedDownloadUrl!('archives/u1/d2/d2.zip', {
      fileName: 'd2.zip',
      contentType: 'application/zip',
      expiresInSeconds: 600,
    });
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toBe('attachment; filename="d2.zip"');
    expect(whole.headers.get('content-type')).toBe('application/zip');
    expect(whole.headers.get('content-length')).toBe('10');
    expect(await whole.text()).toBe('0123456789');
    const rest = await fetch(url, { headers: { range: 'bytes=4-' } });
    expect(rest.status).toBe(206);
    expect(await rest.text()).toBe('456789');
  });
});
