import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import type { RateWindows } from '../platform/rate-windows';
import type { LocaleCatalogues } from '../storefronts/locale-catalogues';
import { registerPhotoBookRoutes } from './photo-books.routes';
import { createPhotoBooksService } from './photo-books.service';

/** Online photo books (decisions 094, 095, 118): the owner's calls, the public viewer and gallery. */
export function createPhotoBooksModule(deps: {
  db: Database;
  blobs: BlobStore;
  rateWindows: RateWindows;
  catalogues: LocaleCatalogues;
}) {
  const { blobs } = deps;
  const service = createPhotoBooksService({ db: deps.db, blobs, rateWindows: deps.rateWindows });
  return {
    service,
    routes: ({ app, api, authenticate }) =>
      registerPhotoBookRoutes(app, api, {
        photoBooks: service,
        blobs,
        authenticate,
        catalogues: deps.catalogues,
      }),
  } satisfies FeatureModule;
}
