import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server as TusServer } from '@tus/server';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { UPLOAD_FILES_PATH, type UploadResult } from '@photo/contracts/upload';
import type { ErrorBody, ErrorCode } from '@photo/contracts/errors';
import { cleanDisplayName } from '@photo/contracts/text';
import type { Authenticate } from '../platform/caller';
import type { AlbumsRepository } from '../photos/albums.repository';
import { DomainError, errorBody } from '../platform/errors';
import { isUuid } from '../platform/uuid';
import { toPhotoDto } from '../photos/photo-dto';
import {
  MAX_FILE_NAME_LENGTH,
  MAX_UPLOAD_BYTES,
  type PhotoIngestService,
} from '../photos/photo-ingest.service';
import { PhotoProcessingError, type PhotoProcessingErrorCode } from '../photos/processing/processing-errors';
import type { UploadStore } from './upload-store';

/** An answer for the tus server to send as it is (it reads `status_code` and `body`). */
class TusResponseError extends Error {
  readonly body: string;
  constructor(
    readonly status_code: number,
    payload: ErrorBody,
  ) {
    super(payload.error.message);
    this.body = JSON.stringify(payload);
  }
}

interface UploadRequestContext {
  ownerId: string;
  origin: string;
}

/** Who sent each request, set by the authenticated route before tus sees the request. */
const requestContexts = new WeakMap<IncomingMessage, UploadRequestContext>();

/** tus hands its hooks a web Request wrapping Node's; the wrapped one carries our context. */
function contextOf(request: Request): UploadRequestContext {
  const node = (request as unknown as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  const context = node && requestContexts.get(node);
  if (!context) throw new Error('Upload request without an authenticated caller');
  return context;
}
/** Files a browser confirmed together share one upload id (a UUID it sends as `batch`). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const processingStatus: Record<PhotoProcessingErrorCode, { status: number; code: ErrorCode }> = {
  unsupported_image_type: { status: 415, code: 'unsupported_media_type' },
  image_too_large: { status: 413, code: 'payload_too_large' },
  broken_image: { status: 422, code: 'bad_request' },
};

/** A rule the upload broke, as the tus server sends it: the same status, code and message as any API call. */
async function asTusAnswer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) {
      throw new TusResponseError(error.status, errorBody(error.code, error.message, '', error.field));
    }
    throw error;
  }
}

/**
 * Resumable uploads (the tus protocol): a file interrupted mid-way continues from the last byte the
 * server holds (`uploads`). When the last byte arrives the file is ingested like any other photo and
 * the temporary copy removed.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  deps: {
    authenticate: Authenticate;
    ingest: PhotoIngestService;
    uploads: UploadStore;
    /** Uploads straight into an album (metadata `albumId`) go in only if the caller owns it. */
    albums: Pick<AlbumsRepository, 'isOwned' | 'addPhotos'>;
  },
): Promise<void> {
  const { store, withUploadFile } = deps.uploads;
  const basePath = `${serviceBasePath('upload')}${UPLOAD_FILES_PATH}`;

  const tus = new TusServer({
    // Anything but our own answers is a server fault: logged, and described to nobody.
    onResponseError(_req, error) {
      if (error instanceof TusResponseError || !(error instanceof Error)) return undefined;
      app.log.error({ err: error }, 'upload failed');
      return { status_code: 500, body: JSON.stringify(errorBody('internal', 'The upload failed', '')) };
    },
    path: basePath,
    datastore: store,
    maxSize: MAX_UPLOAD_BYTES,
    respectForwardedHeaders: false,
    relativeLocation: true,
    // Same-origin only: the account area is the only page that uploads, so no CORS grant at all.
    allowedOrigins: () => false,
    async onIncomingRequest(req, uploadId) {
      // A creation request names no upload yet (tus reads the collection's own name as its id).
      if (req.method === 'POST') return;
      const upload = await store.getUpload(uploadId).catch(() => undefined);
      // Another customer's upload answers exactly like one that does not exist.
      if (!upload || upload.metadata?.owner !== contextOf(req).ownerId) {
        throw new TusResponseError(404, errorBody('not_found', 'Upload not found', ''));
      }
    },
    async onUploadCreate(req, upload) {
      const rawName = upload.metadata?.filename ?? '';
      // No file system allows a NUL in a name: it comes from a hand-made request, not a chosen file.
      if (rawName.includes('\0')) {
        throw new TusResponseError(
          400,
          errorBody('bad_request', 'The file name contains a NUL character', '', 'filename'),
        );
      }
      const fileName = cleanDisplayName(rawName, MAX_FILE_NAME_LENGTH);
      if (!fileName) {
        throw new TusResponseError(400, errorBody('bad_request', 'The file name is missing', '', 'filename'));
      }
      const { ownerId } = contextOf(req);
      const albumId = upload.metadata?.albumId;
      if (albumId && !(isUuid(albumId) && (await deps.albums.isOwned(ownerId, albumId)))) {
        throw new TusResponseError(404, errorBody('not_found', 'Album not found', '', 'albumId'));
      }
      await asTusAnswer(() => deps.ingest.admitUpload(ownerId, upload.size));
      return { metadata: { ...upload.metadata, filename: fileName, owner: ownerId } };
    },
    async onUploadFinish(req, upload) {
      const fileName = upload.metadata?.filename ?? 'photo';
      const ownerId = upload.metadata?.owner ?? '';
      try {
        const batch = upload.metadata?.batch ?? '';
        const uploadId = UUID.test(batch) ? batch : upload.id;
        const result = await withUploadFile(upload.id, (filePath) =>
          asTusAnswer(() => deps.ingest.ingest({ ownerId, uploadId, fileName, filePath, source: 'upload' })),
        );
        // A duplicate joins the album too: the customer asked for this photo to be in it.
        const albumId = upload.metadata?.albumId;
        if (albumId) await deps.albums.addPhotos(ownerId, albumId, [result.photo.id]);
        const body: UploadResult = {
          duplicate: result.duplicate,
          photo: toPhotoDto(result.photo, `${contextOf(req).origin}${serviceBasePath('photos')}`),
        };
        return {
          status_code: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        };
      } catch (error) {
        if (error instanceof PhotoProcessingError) {
          const mapped = processingStatus[error.code];
          throw new TusResponseError(
            mapped.status,
            errorBody(mapped.code, `${fileName}: ${error.message}`, '', 'file'),
          );
        }
        throw error;
      } finally {
        await store.remove(upload.id).catch(() => undefined);
      }
    },
  });

  await app.register(async (scope) => {
    // The tus handler reads the request stream itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${basePath}`, handle);
    scope.all(`${basePath}/*`, handle);

    async function handle(request: FastifyRequest, reply: FastifyReply) {
      const caller = await deps.authenticate(request);
      requestContexts.set(request.raw, { ownerId: caller.customerId, origin: request.storefront.origin });
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      await tus.handle(request.raw, reply.raw);
    }
  });
}
