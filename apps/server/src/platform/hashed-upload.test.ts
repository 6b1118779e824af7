import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore, holdErrorsUntilRead, type BlobStore } from './blob-store';
import { putHashed } from './hashed-upload';

describe('putHashed', () => {
  let dir: string;
  /** A folder store that takes its time before it reads what it is given, as a busy disk or S3 does. */
  let slowStore: BlobStore;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hashed-'));
    const store = createLocalBlobStore(dir);
    slowStore = {
      ...store,
      async put(key, data, contentType) {
        holdErrorsUntilRead(data);
        await sleep(50);
        return store.put(key, data, contentType);
      },
    };
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('stores a body whole, with its size and SHA-256', async () => {
    const body = Buffer.from('%PDF-1.7 a product sheet');
    const stored = await putHashed(
      slowStore,
      'files/sheet.pdf',
      Readable.from([body]),
      100,
      'application/pdf',
    );
    expect(stored).toEqual({ size: body.length, sha256: createHash('sha256').update(body).digest('hex') });
    expect(await readFile(path.join(dir, 'files/sheet.pdf'))).toEqual(body);
  });

  it('answers 413 for a body over the limit even before the store reads it, and keeps nothing', async () => {
    const tooLarge = Readable.from([Buffer.alloc(60), Buffer.alloc(60)]);
    await expect(
      putHashed(slowStore, 'files/large.pdf', tooLarge, 100, 'application/pdf'),
    ).rejects.toMatchObject({
      status: 413,
    });
    expect(await slowStore.stat('files/large.pdf')).toBeUndefined();
  });

  it('fails with the sender’s error when the body breaks off before the store reads it', async () => {
    const body = new PassThrough();
    const upload = putHashed(slowStore, 'files/cut.pdf', body, 100, 'application/pdf');
    body.write('%PDF');
    body.destroy(new Error('The client went away'));
    await expect(upload).rejects.toThrow('The client went away');
    expect(await slowStore.stat('files/cut.pdf')).toBeUndefined();
  });
});
