import type { AppConfig } from '../config';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { createCustomersRepository } from './customers.repository';
import { registerCustomerRoutes } from './customers.routes';
import { createCustomersService } from './customers.service';
import { viesOverHttp } from './vat-ids';

/** The customer's account details; the repository is the one every feature reads accounts through. */
export function createCustomersModule(deps: { db: Database; config: Pick<AppConfig, 'viesUrl'> }) {
  const repository = createCustomersRepository(deps.db);
  const service = createCustomersService(repository, {
    vies: deps.config.viesUrl ? viesOverHttp(deps.config.viesUrl) : undefined,
  });
  return {
    repository,
    service,
    routes: ({ api }) => registerCustomerRoutes(api, service),
  } satisfies FeatureModule;
}
