import { PassThrough, pipeline, Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
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

/**
 * Inflated in chunks of this size: yauzl's own inflate works in zlib's default 16 kB, four times the
 * hops through the thread pool, which halved a large PDF's throughput on a loaded machine.
 */
const INFLATE_CHUNK = 256 * 1024;

/** Passes the entry's bytes on, and fails the stream when their size or CRC-32 is not the directory's. */
function checkedAgainst(entry: yauzl.Entry, key: string): Transform {
  let crc = 0;
  let size = 0;
  const mismatch = () => new DamagedZipError(key, new Error(`${entry.fileName} does not match its checksum`));
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > entry.uncompressedSize) return done(mismatch());
      crc = zlib.crc32(chunk, crc);
      done(null, chunk);
    },
    flush(done) {
      done(size === entry.uncompressedSize && crc === entry.crc32 ? null : mismatch());
    },
  });
}

/** The entry's data as stored (deflated or not), inflated here and checked as it flows. */
async function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry, key: string): Promise<Readable> {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new DamagedZipError(
      key,
      new Error(`${entry.fileName} uses compression method ${entry.compressionMethod}`),
    );
  }
  const raw = await zip.openReadStreamPromise(entry, { decodeFileData: false }).catch((error: unknown) => {
    throw new DamagedZipError(key, error);
  });
  const check = checkedAgainst(entry, key);
  const stages =
    entry.compressionMethod === 8
      ? [raw, zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK }), check]
      : [raw, check];
  // An error anywhere ends the last stage with it, which is what the caller reads.
  return pipeline(stages, () => undefined) as Transform;
}

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
    return { size: entry.uncompressedSize, stream: await entryStream(zip, entry, key) };
  } finally {
    // An open entry stream holds the reader until it ends; closing the zip here only lets go of ours.
    zip.close();
  }
}
