import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import type { ProjectsRepository } from '../projects/projects.repository';
import type { StorefrontResolver } from '../storefronts/storefronts';
import { createLibraryExpiryWork } from './library-expiry.job';
import { createStoragePeriodRepository } from './storage-period.repository';
import { registerStoragePeriodRoutes } from './storage-period.routes';
import { createStoragePeriodService } from './storage-period.service';

/** Photos are kept 18 months after the last order (decision 087): the account's storage information and the expiry. */
export function createStoragePeriodModule(deps: {
  db: Database;
  clock: Clock;
  storefronts: StorefrontResolver;
  logger: FastifyBaseLogger;
  projects: Pick<ProjectsRepository, 'countOwned'>;
}) {
  const { db, clock } = deps;
  const service = createStoragePeriodService({
    storage: createStoragePeriodRepository(db),
    clock,
    countProjects: (customerId) => deps.projects.countOwned(customerId),
  });
  return {
    routes: ({ api }) => registerStoragePeriodRoutes(api, service),
    jobs: [createLibraryExpiryWork({ db, clock, storefronts: deps.storefronts, logger: deps.logger })],
  } satisfies FeatureModule;
}
