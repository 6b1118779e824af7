import type { DownloadsService } from '../downloads/downloads.service';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { registerDataExportRoutes } from './data-export';

/** 'Download my data' (decision 103): a photo archive whose source adds the account's data. */
export function createDataExportModule(deps: { db: Database; downloads: DownloadsService }) {
  return {
    routes: ({ api }) => registerDataExportRoutes(api, { db: deps.db, downloads: deps.downloads }),
  } satisfies FeatureModule;
}
