import { ARCHIVE_LIFETIME_DAYS, type Download, type DownloadRequest } from '@photo/contracts/downloads';
import { cleanLine } from '@photo/contracts/text';
import type { PhotoRecord, PhotosRepository } from '../photos/photos.repository';
import type { BlobLinks } from '../platform/blob-links';
import type { Caller } from '../platform/caller';
import type { Database } from '../platform/database';
import { conflict, notFound, tooManyRequests } from '../platform/errors';
import { enqueueJob } from '../platform/job-queue';
import { isUuid } from '../platform/uuid';
import { archiveDownloadName } from './archive-names';
import {
  createDownloadsRepository,
  type DownloadRecord,
  type DownloadsRepository,
  type NewDownload,
} from './downloads.repository';

export const downloadJobs = {
  build: 'downloads.build-archive',
  expire: 'downloads.expire',
  deleteFiles: 'downloads.delete-files',
} as const;

/** Archives a customer may have in the making at once: enough for any person, not for a flood. */
export const MAX_PREPARING_PER_CUSTOMER = 10;
/** A signed link is for starting (or resuming) a download now; the downloads page asks for a new one. */
export const ARCHIVE_URL_SECONDS = 10 * 60;
export const ARCHIVE_CONTENT_TYPE = 'application/zip';

/** Every blob of one archive lives below this folder, the leftovers of an interrupted attempt too. */
export const archivePrefix = (ownerId: string, downloadId: string) => `archives/${ownerId}/${downloadId}/`;
export const archiveKey = (ownerId: string, downloadId: string) =>
  `${archivePrefix(ownerId, downloadId)}${downloadId}.zip`;

/**
 * What a shared-album archive may read: whether a customer still shares in an album (as its owner or
 * a participant), and which of some photos are in it now. Built by the share module (its own
 * repository and the albums'); the downloads module knows nothing more of sharing.
 */
export interface SharedAlbumReader {
  mayRead(customerId: string, albumId: string): Promise<boolean>;
  photosIn(albumId: string, photoIds: string[]): Promise<PhotoRecord[]>;
}

export interface DownloadsServiceDependencies {
  db: Database;
  downloads: DownloadsRepository;
  photos: PhotosRepository;
  sharedAlbums: SharedAlbumReader;
  links: BlobLinks;
}

const toRequest = (download: Pick<DownloadRecord, 'id' | 'name' | 'photos'>): DownloadRequest => ({
  id: download.id,
  ...(download.name ? { name: download.name } : {}),
  photos: download.photos.map((photo) => photo.photoId),
});

const toDownload = (download: DownloadRecord): Download => ({
  id: download.id,
  ...(download.name ? { name: download.name } : {}),
  photoCount: download.photos.length,
  size: download.byteSize,
  state: download.state,
  created: download.createdAt,
  expires: download.expiresAt,
});

const samePhotos = (download: DownloadRecord, photoIds: string[]) => {
  const asked = new Set(download.photos.map((photo) => photo.photoId));
  return asked.size === photoIds.length && photoIds.every((id) => asked.has(id));
};

export function createDownloadsService(deps: DownloadsServiceDependencies) {
  const { db, downloads, photos, sharedAlbums } = deps;

  /** A retried request answers its archive; the same id for other photos is a mistake worth naming. */
  const answerRetry = (existing: DownloadRecord, photoIds: string[]): DownloadRequest => {
    if (!samePhotos(existing, photoIds)) {
      throw conflict('This download id was already used for other photos; send a new id');
    }
    return toRequest(existing);
  };

  /**
   * Records a download and its archive job in one transaction: the job exists exactly when the row
   * does. Shared by every source of photos; the caller has checked that the photos may be read.
   */
  const create = async (download: NewDownload): Promise<DownloadRequest> => {
    const photoIds = download.photos.map((photo) => photo.photoId);
    if ((await downloads.countPreparing(download.ownerId)) >= MAX_PREPARING_PER_CUSTOMER) {
      throw tooManyRequests('Too many archives are being prepared; try again when one is ready');
    }
    const inserted = await db.transaction(async (tx) => {
      const added = await createDownloadsRepository(tx).insert(download, ARCHIVE_LIFETIME_DAYS);
      if (added) {
        await enqueueJob(tx, downloadJobs.build, { ownerId: download.ownerId, downloadId: download.id });
      }
      return added;
    });
    if (inserted) return toRequest(download);
    // The same request, retried at the same moment, got there first.
    const existing = await downloads.find(download.ownerId, download.id);
    if (!existing) throw conflict('This download is being created; try again');
    return answerRetry(existing, photoIds);
  };

  return {
    /**
     * 'Download my data': an archive of every photo of the caller plus the account's data files (its
     * source adds them at build time). Photos are listed as they are now; no limit of 100 applies.
     */
    async createAccountArchive(
      caller: Caller,
      input: { id: string; name: string; locale: string; photos: Array<{ id: string; fileName: string }> },
    ): Promise<DownloadRequest> {
      const existing = await downloads.find(caller.customerId, input.id);
      if (existing) return toRequest(existing);
      return create({
        ownerId: caller.customerId,
        id: input.id,
        source: 'my-data',
        albumId: null,
        // Shown on the downloads page; the client chooses it, so it is cleaned as typed text is (118).
        name: cleanLine(input.name) || 'my-data',
        locale: input.locale,
        photos: input.photos.map((photo) => ({
          photoId: photo.id,
          ownerId: caller.customerId,
          fileName: photo.fileName,
        })),
      });
    },

    /** docs/product/calls.md POST /downloads: an archive of the caller's own photos. */
    async createFromLibrary(
      caller: Caller,
      input: { id: string; photoIds: string[]; locale: string },
    ): Promise<DownloadRequest> {
      const photoIds = [...new Set(input.photoIds)];
      const existing = await downloads.find(caller.customerId, input.id);
      if (existing) return answerRetry(existing, photoIds);
      const found = new Map(
        (await photos.findOwnedMany(caller.customerId, photoIds.filter(isUuid))).map((photo) => [
          photo.id,
          photo,
        ]),
      );
      // Another customer's photo answers exactly like one that does not exist.
      const missing = photoIds.find((id) => !found.has(id));
      if (missing !== undefined) throw notFound(`Photo not found: ${missing}`);
      return create({
        ownerId: caller.customerId,
        id: input.id,
        source: 'library',
        albumId: null,
        name: null,
        locale: input.locale,
        photos: photoIds.map((id) => ({
          photoId: id,
          ownerId: caller.customerId,
          fileName: found.get(id)!.localFileName,
        })),
      });
    },

    /**
     * docs/product/calls.md POST /shared-album-downloads: photos of a shared album the caller owns or takes part in,
     * each named with its owner (docs/product/roles.md). A photo not in that album, or with another owner, answers
     * like one that does not exist; so does an album the caller does not share in.
     */
    async createFromSharedAlbum(
      caller: Caller,
      input: {
        id: string;
        albumId: string;
        photos: Array<{ photoId: string; ownerId: string }>;
        locale: string;
      },
    ): Promise<DownloadRequest> {
      const asked = [...new Map(input.photos.map((photo) => [photo.photoId, photo])).values()];
      const photoIds = asked.map((photo) => photo.photoId);
      const existing = await downloads.find(caller.customerId, input.id);
      if (existing) return answerRetry(existing, photoIds);
      if (!isUuid(input.albumId) || !(await sharedAlbums.mayRead(caller.customerId, input.albumId))) {
        throw notFound('Shared album not found');
      }
      const found = new Map(
        (await sharedAlbums.photosIn(input.albumId, photoIds.filter(isUuid))).map((photo) => [
          photo.id,
          photo,
        ]),
      );
      const missing = asked.find((photo) => found.get(photo.photoId)?.ownerId !== photo.ownerId);
      if (missing !== undefined) throw notFound(`Photo not found: ${missing.photoId}`);
      return create({
        ownerId: caller.customerId,
        id: input.id,
        source: 'shared-album',
        albumId: input.albumId,
        name: null,
        locale: input.locale,
        photos: asked.map((photo) => ({
          photoId: photo.photoId,
          ownerId: photo.ownerId,
          fileName: found.get(photo.photoId)!.localFileName,
        })),
      });
    },

    async list(caller: Caller): Promise<Download[]> {
      return (await downloads.listOwned(caller.customerId)).map(toDownload);
    },

    /** A short-lived link to a ready archive; anything else (not ready, expired, not theirs) is 404. */
    async signedUrl(caller: Caller, downloadId: string, origin: string): Promise<string> {
      const download = isUuid(downloadId) ? await downloads.find(caller.customerId, downloadId) : undefined;
      if (!download || download.state !== 'ready' || !download.blobKey) {
        throw notFound('No archive is ready under this id');
      }
      return deps.links.urlFor(download.blobKey, {
        fileName: archiveDownloadName(download),
        contentType: ARCHIVE_CONTENT_TYPE,
        expiresInSeconds: ARCHIVE_URL_SECONDS,
        origin,
      });
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
