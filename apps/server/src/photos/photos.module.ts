import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import type { RateWindows } from '../platform/rate-windows';
import type { CustomerPushBus } from '../push/customer-push';
import { createAlbumsRepository } from './albums.repository';
import { registerAlbumRoutes } from './albums.routes';
import { createAlbumsService } from './albums.service';
import { createPhotoEventBus } from './photo-events';
import { createPhotoIngestService } from './photo-ingest.service';
import { createPhotoJobHandlers } from './photo-jobs';
import { createExifToolDateReader } from './processing/exiftool-dates';
import { createPhotosRepository } from './photos.repository';
import { registerPhotoRoutes } from './photos.routes';
import { createPhotosService } from './photos.service';

/** The photo library and its albums: ingest, the processing jobs, the timeline and the photo events. */
export function createPhotosModule(deps: {
  db: Database;
  blobs: BlobStore;
  rateWindows: RateWindows;
  config: Pick<AppConfig, 'limits'>;
  push: CustomerPushBus;
  logger: FastifyBaseLogger;
}) {
  const { db, blobs } = deps;
  const repository = createPhotosRepository(db);
  const albums = createAlbumsRepository(db);
  const events = createPhotoEventBus(deps.push);
  const ingest = createPhotoIngestService(db, blobs, {
    rateWindows: deps.rateWindows,
    limits: deps.config.limits,
  });
  const dates = createExifToolDateReader();
  return {
    repository,
    albums,
    events,
    ingest,
    routes: ({ app, api, authenticate }) => {
      registerPhotoRoutes(app, api, { photos: createPhotosService(db, repository), blobs, authenticate });
      registerAlbumRoutes(api, createAlbumsService(albums));
    },
    jobs: [{ handlers: createPhotoJobHandlers({ db, blobs, events, ingest, logger: deps.logger, dates }) }],
    close: () => dates.close(),
  } satisfies FeatureModule;
}
