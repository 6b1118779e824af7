import { PassThrough, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import type { BlobStore } from './blob-store';

/** A stored blob is not a zip yauzl can read (cut short, overwritten, not a zip at all). */
export class DamagedZipError extends Error {
  constructor(key: string, cause: unknown) {
    super(`The zip ${key} cannot be read: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

export interface StoredZipEntry {
  name: string;
  /** Uncompressed size. */
  size: number;
}

/**
 * The end of a zip holds its directory: read once in one request, every entry's header is taken from
 * memory instead of one small read each (on S3 each read is a round trip). Most zips' directories fit.
 */
const TAIL_BYTES = 256 * 1024;

/**
 * Reads a zip in the blob store by byte ranges (yauzl's random-access reader): the directory from the
 * tail, then only the one entry asked for, so a large archive is never loaded whole, on disk or in S3.
 */
class BlobRangeReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly blobs: BlobStore,
    private readonly key: string,
    private readonly tailStart: number,
    private readonly tail: Buffer,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    if (start >= this.tailStart) {
      return Readable.from([this.tail.subarray(start - this.tailStart, end - this.tailStart)]);
    }
    const out = new PassThrough();
    this.blobs.read(this.key, { start, end: end - 1 }).then(
      (stream) => {
        stream.on('error', (error) => out.destroy(error));
        stream.pipe(out);
      },
      (error: unknown) => out.destroy(error as Error),
    );
    return out;
  }
}

async function openZip(blobs: BlobStore, key: string, size: number): Promise<yauzl.ZipFile> {
  try {
    const tailStart = Math.max(0, size - TAIL_BYTES);
    const tail =
      size === 0 ? Buffer.alloc(0) : await buffer(await blobs.read(key, { start: tailStart, end: size - 1 }));
    const reader = new BlobRangeReader(blobs, key, tailStart, tail);
    return await yauzl.fromRandomAccessReaderPromise(reader, size, {
      autoClose: false,
      strictFileNames: false,
    });
  } catch (error) {
    throw new DamagedZipError(key, error);
  }
}

/** Runs through the directory until `stop` says so; the zip stays open for the caller to use. */
async function findEntry(
  zip: yauzl.ZipFile,
  key: string,
  stop: (entry: yauzl.Entry) => boolean,
): Promise<yauzl.Entry | undefined> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => {
      if (!stop(entry)) return zip.readEntry();
      cleanUp();
      resolve(entry);
    };
    const onEnd = () => {
      cleanUp();
      resolve(undefined);
    };
    const onError = (error: unknown) => {
      cleanUp();
      reject(new DamagedZipError(key, error));
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

const isFile = (entry: yauzl.Entry) => !entry.fileName.endsWith('/');

/** Every file in the zip (folders left out), in the directory's order. */
export async function listZipEntries(blobs: BlobStore, key: string, size: number): Promise<StoredZipEntry[]> {
  const zip = await openZip(blobs, key, size);
  const entries: StoredZipEntry[] = [];
  try {
    await findEntry(zip, key, (entry) => {
      if (isFile(entry)) entries.push({ name: entry.fileName, size: entry.uncompressedSize });
      return false;
    });
    return entries;
  } finally {
    zip.close();
  }
}

/**
 * One file of the zip as a stream (inflated, its CRC checked as it flows), or undefined when the zip
 * holds no such file. Damage found before the first byte (directory, local header) throws
 * `DamagedZipError`; damage in the data itself ends the stream with an error.
 */
export async function openZipEntry(
  blobs: BlobStore,
  key: string,
  size: number,
  name: string,
): Promise<{ size: number; stream: Readable } | undefined> {
  const zip = await openZip(blobs, key, size);
  try {
    const entry = await findEntry(zip, key, (candidate) => candidate.fileName === name && isFile(candidate));
    if (!entry) return undefined;
    const stream = await zip.openReadStreamPromise(entry).catch((error: unknown) => {
      throw new DamagedZipError(key, error);
    });
    return { size: entry.uncompressedSize, stream };
  } finally {
    // An open entry stream holds the reader until it ends; closing the zip here only lets go of ours.
    zip.close();
  }
}
