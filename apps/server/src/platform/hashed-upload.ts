import { createHash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { BlobStore } from './blob-store';
import { payloadTooLarge } from './errors';

/**
 * Streams a request body into the blob store under `key`, hashing and counting as it flows; more than
 * `maxBytes` stops it with a 413 and leaves no blob behind. Nothing is held whole in memory.
 */
export async function putHashed(
  blobs: BlobStore,
  key: string,
  source: Readable,
  maxBytes: number,
  contentType: string,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(payloadTooLarge(`The file is larger than ${maxBytes} bytes`));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  source.on('error', (error) => counter.destroy(error));
  try {
    await blobs.put(key, source.pipe(counter), contentType);
  } catch (error) {
    await blobs.delete(key).catch(() => undefined);
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}
