import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { attachmentDisposition, type BlobStore, type DownloadLinkOptions } from './blob-store';
import { sendBlob } from './blob-response';
import { DomainError, forbidden, notFound } from './errors';

/** Where this server answers its own signed links (blob stores without addresses of their own). */
export const BLOB_LINKS_PATH = '/blob-links';

export interface BlobLinks {
  /**
   * A short-lived URL from which a browser downloads `key` as an attachment named `fileName`, with
   * its length and byte ranges: the object store's own presigned URL, or one of this server's.
   */
  urlFor(key: string, options: DownloadLinkOptions & { origin: string }): Promise<string>;
}

const PayloadSchema = z.object({
  key: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  /** Unix seconds. */
  expires: z.number(),
});
type LinkPayload = z.infer<typeof PayloadSchema>;

const gone = (message: string) => new DomainError('not_found', 410, message);

/**
 * Signed links to blobs. Object storage signs its own; for a local folder the link is this server's
 * `/blob-links/{name}?link={payload}&signature={hmac}`, an HMAC over the key, the name, the type and the expiry, so
 * it can be neither altered nor used after it expires, and needs no session (a navigation download).
 */
export function createBlobLinks(blobs: BlobStore, secret: Buffer, now: () => number = Date.now) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

  const links: BlobLinks = {
    async urlFor(key, options) {
      if (blobs.presignedDownloadUrl) return blobs.presignedDownloadUrl(key, options);
      const payload: LinkPayload = {
        key,
        fileName: options.fileName,
        contentType: options.contentType,
        expires: Math.floor(now() / 1000) + options.expiresInSeconds,
      };
      const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
      // The name in the path is for download managers that name files by the address.
      const name = encodeURIComponent(options.fileName);
      return `${options.origin}${BLOB_LINKS_PATH}/${name}?link=${encoded}&signature=${sign(encoded)}`;
    },
  };

  /** The link's payload when its signature holds and it has not expired; throws 403 or 410 otherwise. */
  const verify = (encoded: string, signature: string): LinkPayload => {
    const expected = Buffer.from(sign(encoded));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw forbidden('This download link is not valid');
    }
    const payload = PayloadSchema.parse(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')));
    if (payload.expires * 1000 < now()) throw gone('This download link has expired');
    return payload;
  };

  return { links, verify };
}

/** Serves this server's signed links with the same answer an object store gives to a presigned GET. */
export function registerBlobLinkRoute(
  app: FastifyInstance,
  deps: { blobs: BlobStore; verify: (encoded: string, signature: string) => LinkPayload },
): void {
  app.get<{ Querystring: { link?: string; signature?: string } }>(
    `${BLOB_LINKS_PATH}/:fileName`,
    async (request, reply) => {
      const link = deps.verify(request.query.link ?? '', request.query.signature ?? '');
      const info = await deps.blobs.stat(link.key);
      if (!info) throw notFound('This file no longer exists');
      void reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachmentDisposition(link.fileName))
        .type(link.contentType);
      return sendBlob(reply, deps.blobs, link.key, info.size, request.headers.range);
    },
  );
}
