import { randomBytes } from 'node:crypto';
import type { AuthSecretsRepository } from '../auth/auth-secrets.repository';
import type { PhotosRepository } from '../photos/photos.repository';
import { createBlobLinks, registerBlobLinkRoute } from '../platform/blob-links';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import type { CustomerPushBus } from '../push/customer-push';
import { createArchiveEvents } from './archive-events';
import {
  createArchiveWork,
  libraryArchiveSource,
  sharedAlbumArchiveSource,
  type ArchiveSource,
} from './archive-job';
import { createDownloadsRepository } from './downloads.repository';
import { registerDownloadRoutes } from './downloads.routes';
import { createDownloadsService, type SharedAlbumReader } from './downloads.service';

/** Photo archives (decision 070): requested, built by a job, offered by a short-lived signed link. */
export async function createDownloadsModule(deps: {
  db: Database;
  blobs: BlobStore;
  secrets: AuthSecretsRepository;
  push: CustomerPushBus;
  photos: PhotosRepository;
  sharedAlbums: SharedAlbumReader;
  /** The source of 'Download my data' archives (decision 103), which adds the account's data. */
  accountData: ArchiveSource;
}) {
  const { db, blobs } = deps;
  // Signed links of files in a folder store are this server's own; S3 presigns its own instead.
  const linkKey = await deps.secrets.getOrCreate('blobs.link-key', async () =>
    randomBytes(32).toString('base64url'),
  );
  const blobLinks = createBlobLinks(blobs, Buffer.from(linkKey, 'base64url'));
  const service = createDownloadsService({
    db,
    downloads: createDownloadsRepository(db),
    photos: deps.photos,
    sharedAlbums: deps.sharedAlbums,
    links: blobLinks.links,
  });
  return {
    service,
    routes: ({ app, api }) => {
      registerBlobLinkRoute(app, { blobs, verify: blobLinks.verify });
      registerDownloadRoutes(api, { downloads: service });
    },
    jobs: [
      createArchiveWork({
        db,
        blobs,
        events: createArchiveEvents(deps.push),
        sources: {
          library: libraryArchiveSource(deps.photos),
          'shared-album': sharedAlbumArchiveSource(deps.sharedAlbums),
          'my-data': deps.accountData,
        },
      }),
    ],
  } satisfies FeatureModule;
}
