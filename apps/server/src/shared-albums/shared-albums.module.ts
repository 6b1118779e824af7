import type { SharedAlbumReader } from '../downloads/downloads.service';
import type { AlbumsRepository } from '../photos/albums.repository';
import { albumPhotoReader } from '../photos/albums.service';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { sendAlbumInvitationMail } from './album-invitation-mail';
import { createSharedAlbumsRepository } from './shared-albums.repository';
import { registerSharedAlbumRoutes } from './shared-albums.routes';
import { createSharedAlbumsService } from './shared-albums.service';

/** Shared albums (decision 061): an owner's album read by the people it is shared with. */
export function createSharedAlbumsModule(deps: { db: Database; blobs: BlobStore; albums: AlbumsRepository }) {
  const { db, blobs, albums } = deps;
  const repository = createSharedAlbumsRepository(db);
  const service = createSharedAlbumsService({
    db,
    shares: repository,
    reader: albumPhotoReader(albums),
    sendInvitation: sendAlbumInvitationMail,
  });
  /** What an archive of a shared album may read, for the downloads module. */
  const archiveReader: SharedAlbumReader = {
    mayRead: async (customerId, albumId) => (await repository.roleOf(albumId, customerId)) !== undefined,
    photosIn: (albumId, photoIds) => albums.findPhotos(albumId, photoIds),
  };
  return {
    archiveReader,
    /** The operators' way to share an album (decision 150), for the shop-side API. */
    service,
    routes: ({ app, api, authenticate }) =>
      registerSharedAlbumRoutes(app, api, { shares: service, blobs, authenticate }),
  } satisfies FeatureModule;
}
