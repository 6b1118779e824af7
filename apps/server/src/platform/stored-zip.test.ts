import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { createLocalBlobStore, type BlobStore } from './blob-store';
import { DamagedZipError, listZipEntries, openZipEntry } from './stored-zip';

async function zipOf(files: Array<{ name: string; data: Buffer; compress: boolean }>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const file of files) zip.addBuffer(file.data, file.name, { compress: file.compress });
  zip.end();
  return buffer(zip.outputStream);
}

describe('zips in the blob store, read by byte ranges', () => {
  let dir: string;
  let blobs: BlobStore;
  // More than the tail read at once, so the entry's data comes from a ranged read of the store.
  const large = Buffer.alloc(600_000, 'map poster ');
  const small = Buffer.from('%PDF-1.7 small');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stored-zip-'));
    blobs = createLocalBlobStore(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const store = async (key: string, zip: Buffer) => {
    await blobs.put(key, zip);
    return zip.length;
  };

  it('lists files and streams one, deflated or stored, with its size', async () => {
    const size = await store(
      'a.zip',
      await zipOf([
        { name: 'folder/large.pdf', data: large, compress: true },
        { name: 'small.pdf', data: small, compress: false },
      ]),
    );
    expect(await listZipEntries(blobs, 'a.zip', size)).toEqual([
      { name: 'folder/large.pdf', size: large.length },
      { name: 'small.pdf', size: small.length },
    ]);
    const deflated = await openZipEntry(blobs, 'a.zip', size, 'folder/large.pdf');
    expect(deflated!.size).toBe(large.length);
    expect((await buffer(deflated!.stream)).equals(large)).toBe(true);
    const stored = await openZipEntry(blobs, 'a.zip', size, 'small.pdf');
    expect((await buffer(stored!.stream)).equals(small)).toBe(true);
    expect(await openZipEntry(blobs, 'a.zip', size, 'missing.pdf')).toBeUndefined();
  });

  it('says a blob that is no zip is damaged, and fails an entry whose bytes do not match its checksum', async () => {
    const junk = await store('junk.zip', Buffer.from('PK nothing like a zip'));
    await expect(listZipEntries(blobs, 'junk.zip', junk)).rejects.toBeInstanceOf(DamagedZipError);
    await expect(openZipEntry(blobs, 'junk.zip', junk, 'x.pdf')).rejects.toBeInstanceOf(DamagedZipError);

    const zip = await zipOf([{ name: 'small.pdf', data: small, compress: false }]);
    // The stored entry's data starts after its 30-byte local header and name: flip one byte of it.
    const at = 30 + 'small.pdf'.length + 3;
    zip.writeUInt8(zip.readUInt8(at) ^ 0xff, at);
    const size = await store('flipped.zip', zip);
    const entry = await openZipEntry(blobs, 'flipped.zip', size, 'small.pdf');
    await expect(buffer(entry!.stream)).rejects.toThrow(/does not match its checksum/);
  });
});
