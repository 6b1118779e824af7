import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { ZipFile } from 'yazl';

// yazl computes each entry's CRC-32 with buffer-crc32, pure JavaScript at about 190 MB/s here: slower
// than the disk, it held archives to a quarter of a plain copy's speed (bench/README.md). Node's own
// zlib.crc32 gives the same value natively at over 2 GB/s. yazl calls the function through the module
// object it required, so replacing it there makes yazl use the native one.
const yazlRequire = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = yazlRequire('buffer-crc32') as { unsigned: (data: Buffer, previous?: number) => number };
bufferCrc32.unsigned = (data, previous = 0) => crc32(data, previous);

/**
 * One file of a zip: bytes at hand, or a stored stream of known size that is opened only when the
 * writer reaches it.
 */
export type ZipWriterEntry =
  | { name: string; body: Buffer; compress: boolean; mtime?: Date }
  | { name: string; size: number; mtime: Date; open: () => Promise<Readable> };

/**
 * The one zip writer: entries are written one at a time, so memory does not grow with the zip, and
 * ZIP64 where sizes need it. A stream that fails ends the whole zip with its error. `size` is the
 * zip's final size, known before writing when every entry is stored and sized (else -1).
 */
export function writeZip(entries: ZipWriterEntry[]): { stream: Readable; size: Promise<number> } {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const opened = new Set<Readable>();
  const fail = (error: Error) => {
    output.destroy(error);
    for (const stream of opened) stream.destroy();
  };
  zip.on('error', fail);
  for (const entry of entries) {
    if ('body' in entry) {
      zip.addBuffer(entry.body, entry.name, {
        compress: entry.compress,
        forceDosTimestamp: true,
        ...(entry.mtime ? { mtime: entry.mtime } : {}),
      });
      continue;
    }
    zip.addReadStreamLazy(
      entry.name,
      { compress: false, size: entry.size, mtime: entry.mtime, forceDosTimestamp: true },
      (callback) => {
        entry.open().then((stream) => {
          opened.add(stream);
          stream.on('error', fail).on('close', () => opened.delete(stream));
          callback(null, stream);
        }, fail);
      },
    );
  }
  // (@types/yazl leaves out the size its callback receives.)
  const size = new Promise<number>((resolve) =>
    zip.end({ forceZip64Format: false, comment: '' }, resolve as () => void),
  );
  return { stream: output, size };
}

/** A small zip in memory. */
export async function zipToBuffer(entries: ZipWriterEntry[]): Promise<Buffer> {
  return buffer(writeZip(entries).stream);
}
