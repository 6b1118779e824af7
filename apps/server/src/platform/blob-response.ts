import type { FastifyReply } from 'fastify';
import type { BlobStore } from './blob-store';
import { parseRange } from './http-range';

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
  return reply.send(await blobs.read(key));
}
