import path from 'node:path';
import type { AppConfig } from '../config';
import type { AlbumsRepository } from '../photos/albums.repository';
import type { PhotoIngestService } from '../photos/photo-ingest.service';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { createUploadStore } from './upload-store';
import { registerUploadRoutes } from './upload.routes';

/** Resumable uploads (tus) into the photo pipeline, straight into an album if asked. */
export function createUploadModule(deps: {
  config: Pick<AppConfig, 'dataDir' | 's3'>;
  db: Database;
  blobs: BlobStore;
  ingest: PhotoIngestService;
  albums: Pick<AlbumsRepository, 'isOwned' | 'addPhotos'>;
}) {
  const uploads = createUploadStore({
    uploadsDir: path.join(deps.config.dataDir, 'uploads'),
    // With a shared bucket, uploads in progress are shared too: any replica continues any of them.
    shared: deps.config.s3 ? { db: deps.db, blobs: deps.blobs } : undefined,
  });
  return {
    routes: ({ app, authenticate }) =>
      registerUploadRoutes(app, { authenticate, ingest: deps.ingest, uploads, albums: deps.albums }),
    jobs: [uploads.cleanup],
  } satisfies FeatureModule;
}
