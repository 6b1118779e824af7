import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import type { ProjectsRepository } from '../projects/projects.repository';
import type { StorefrontResolver } from '../storefronts/storefronts';
import { createLibraryExpiryWork } from './library-expiry.job';
import { createStorageRepository } from './storage.repository';
import { registerStorageRoutes } from './storage.routes';
import { createStorageService } from './storage.service';

/** Photos are kept 18 months after the last order (decision 087): the account's storage information and the expiry. */
export function createStorageModule(deps: {
  db: Database;
  clock: Clock;
  storefronts: StorefrontResolver;
  logger: FastifyBaseLogger;
  projects: Pick<ProjectsRepository, 'countOwned'>;
}) {
  const { db, clock } = deps;
  const service = createStorageService({
    storage: createStorageRepository(db),
    clock,
    countProjects: (customerId) => deps.projects.countOwned(customerId),
  });
  return {
    routes: ({ api }) => registerStorageRoutes(api, service),
    jobs: [createLibraryExpiryWork({ db, clock, storefronts: deps.storefronts, logger: deps.logger })],
  } satisfies FeatureModule;
}
