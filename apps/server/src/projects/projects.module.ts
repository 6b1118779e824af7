import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { createProjectsRepository } from './projects.repository';
import { registerProjectRoutes } from './projects.routes';
import { createProjectsService } from './projects.service';

/** Saved projects (decision 093): written by the shop's editors, listed to their owner. */
export function createProjectsModule(deps: { db: Database; blobs: BlobStore }) {
  const { blobs } = deps;
  const repository = createProjectsRepository(deps.db);
  const service = createProjectsService({ projects: repository, blobs });
  return {
    repository,
    service,
    routes: ({ app, api, authenticate }) =>
      registerProjectRoutes(app, api, { projects: service, blobs, authenticate }),
  } satisfies FeatureModule;
}
