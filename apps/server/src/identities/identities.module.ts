import type { AppConfig } from '../config';
import type { BlobStore } from '../platform/blob-store';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import type { RateWindows } from '../platform/rate-windows';
import { createAccountErasureWork } from './account-erasure';
import { registerIdentityRoutes } from './identities.routes';
import { createIdentitiesService } from './identities.service';

/** E-mail change and account deletion by confirmed links, and the erasure of a deleted account (decision 101). */
export function createIdentitiesModule(deps: {
  config: Pick<AppConfig, 'publicScheme'>;
  db: Database;
  blobs: BlobStore;
  rateWindows: RateWindows;
  clock: Clock;
}) {
  const { db } = deps;
  const service = createIdentitiesService({ db, rateWindows: deps.rateWindows, clock: deps.clock });
  return {
    routes: ({ api }) => registerIdentityRoutes(api, service, deps.config.publicScheme),
    jobs: [createAccountErasureWork({ db, blobs: deps.blobs })],
  } satisfies FeatureModule;
}
