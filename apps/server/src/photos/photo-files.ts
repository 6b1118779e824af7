import type { FastifyReply, FastifyRequest } from 'fastify';
import { derivativeSizes, type PhotoFileVariant } from '@photo/contracts/photos';
import type { BlobStore } from '../platform/blob-store';
import { notFound } from '../platform/errors';
import { sendBlob } from '../platform/blob-response';
import type { PhotoRecord } from './photos.repository';
import { originalKey } from './photos.service';

export function parsePhotoFileVariant(value: string): PhotoFileVariant {
  if (value === 'original') return value;
  const size = Number(value);
  const match = derivativeSizes.find((candidate) => candidate === size);
  if (!match) throw notFound('Unknown image size');
  return match;
}

/**
 * How long a browser may keep a file without asking. An owner's files are immutable under their id,
 * so a year; a shared album's are revalidated on every use, so a participant taken off the album
 * stops seeing them at once (an unchanged file costs a 304).
 */
export type PhotoFileCaching = 'immutable' | 'revalidate';

const cacheControl: Record<PhotoFileCaching, string> = {
  immutable: 'private, max-age=31536000, immutable',
  revalidate: 'private, no-cache',
};

/**
 * Sends one file of a photo the caller was found allowed to see. The original downloads under its
 * name and answers byte ranges.
 */
export async function sendPhotoFile(
  blobs: BlobStore,
  photo: PhotoRecord,
  variant: PhotoFileVariant,
  request: FastifyRequest,
  reply: FastifyReply,
  caching: PhotoFileCaching = 'immutable',
): Promise<FastifyReply> {
  const isOriginal = variant === 'original';
  const derivative = isOriginal
    ? undefined
    : photo.derivatives.find((candidate) => candidate.size === variant);
  if (!isOriginal && !derivative) throw notFound('This size is not ready yet');
  const key = derivative?.key ?? originalKey(photo);
  const info = await blobs.stat(key);
  if (!info) throw notFound('File not found');
  const etag = `"${photo.contentHash}-${String(variant)}"`;
  void reply.header('cache-control', cacheControl[caching]).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  void reply.type(derivative?.mimeType ?? photo.mimeType);
  if (isOriginal) {
    void reply.header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(photo.localFileName)}`,
    );
  }
  return sendBlob(reply, blobs, key, info.size, request.headers.range);
}
