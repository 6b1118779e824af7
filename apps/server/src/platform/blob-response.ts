import type { FastifyReply } from 'fastify';
import type { BlobStore } from './blob-store';
import { parseRange } from './http-range';

/**
 * Blobs up to this size are answered from one read into memory (thumbnails and previews, 15-60 KB): a
 * file stream's buffers and objects cost a thumbnail a quarter of its CPU in garbage collection (decision 159).
 */
const IN_MEMORY_BYTES = 256 * 1024;

/**
 * Answers with a stored blob, or the one byte range asked for (206), so a broken download resumes
 * where it stopped. The caller sets the type and caching headers first.
 */
export async function sendBlob(
  reply: FastifyReply,
  blobs: BlobStore,
  key: string,
  size: number,
  rangeHeader: string | undefined,
): Promise<FastifyReply> {
  const range = parseRange(rangeHeader, size);
  void reply.header('accept-ranges', 'bytes');
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  if (range) {
    void reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1);
    return reply.send(await blobs.read(key, range));
  }
  void reply.header('content-length', size);
  return reply.send(size <= IN_MEMORY_BYTES ? await blobs.readBytes(key) : await blobs.read(key));
}
