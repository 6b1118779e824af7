import type { FeatureModule } from '../platform/feature-module';
import { registerMerchandiseRoutes } from './merchandise.routes';
import { createMerchandiseService } from './merchandise.service';

/** The one merchandise catalogue (decision 085): prices, capabilities and names, and its GraphQL read. */
export function createMerchandiseModule() {
  const service = createMerchandiseService();
  return {
    service,
    routes: ({ app }) => registerMerchandiseRoutes(app, { merchandise: service }),
  } satisfies FeatureModule;
}
