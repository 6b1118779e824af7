import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jpegWithIptcDate, makeJpeg, makePng } from '../../testing/test-images';
import { createExifToolDateReader } from './exiftool-dates';
import { readPhotoMetadata } from './photo-metadata';

describe('the ExifTool date reader', () => {
  const reader = createExifToolDateReader();
  afterAll(() => reader.close());

  /** Reads bytes as the processing job does: from the original's file on disk. */
  const readBytes = async (bytes: Buffer) => {
    const file = path.join(tmpdir(), `dates-${randomUUID()}`);
    await writeFile(file, bytes);
    try {
      return await reader.read(file);
    } finally {
      await rm(file, { force: true });
    }
  };

  it('finds a capture time the header reader misses (IPTC date and time, with its offset)', async () => {
    const photo = await jpegWithIptcDate({ date: '2016:05:04', time: '09:08:07+02:00', seed: 3 });
    expect((await readPhotoMetadata(photo)).dateTaken).toBeNull();
    expect(await readBytes(photo)).toEqual({ local: '2016-05-04T09:08:07', offset: '+02:00' });
  });

  it('finds nothing in photos that have no date, and takes no modification time for one', async () => {
    expect(await readBytes(await makeJpeg({ seed: 4 }))).toBeNull();
    expect(await readBytes(await makePng({ seed: 5 }))).toBeNull();
    expect(await readBytes(Buffer.from('not an image'))).toBeNull();
  });
});
