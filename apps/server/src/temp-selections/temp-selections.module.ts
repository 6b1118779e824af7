import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { createTempSelectionsRepository } from './temp-selections.repository';
import { registerTempSelectionRoutes } from './temp-selections.routes';
import { createTempSelectionsService, TEMP_SELECTIONS_HOUSEKEEPING_JOB } from './temp-selections.service';

/** Selections of photos handed to the prints editor (decision 062). */
export function createTempSelectionsModule(deps: { db: Database }) {
  const repository = createTempSelectionsRepository(deps.db);
  const service = createTempSelectionsService(repository);
  return {
    service,
    routes: ({ api }) => registerTempSelectionRoutes(api, service),
    jobs: [
      {
        // Expired selections are never served; this only keeps the table small.
        handlers: { [TEMP_SELECTIONS_HOUSEKEEPING_JOB]: () => repository.deleteExpired() },
        schedules: [
          {
            name: TEMP_SELECTIONS_HOUSEKEEPING_JOB,
            kind: TEMP_SELECTIONS_HOUSEKEEPING_JOB,
            everySeconds: 3600,
          },
        ],
      },
    ],
  } satisfies FeatureModule;
}
