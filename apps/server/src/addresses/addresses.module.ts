import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { createAddressesRepository } from './addresses.repository';
import { registerAddressRoutes } from './addresses.routes';
import { createAddressesService } from './addresses.service';

/** The customer's address book behind one address rule (decision 100). */
export function createAddressesModule(deps: { db: Database }) {
  return {
    /** For features that read a customer's addresses (invoices, the prints order's delivery). */
    repository: createAddressesRepository(deps.db),
    routes: ({ api }) => registerAddressRoutes(api, createAddressesService(deps.db)),
  } satisfies FeatureModule;
}
