import type { AuthSecretsRepository } from '../auth/auth-secrets.repository';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import type { RateWindows } from '../platform/rate-windows';
import type { LocaleCatalogues } from '../storefronts/locale-catalogues';
import type { StorefrontResolver } from '../storefronts/storefronts';
import { registerNewsletterRoutes } from './newsletter.routes';
import { createNewsletterService } from './newsletter.service';
import { registerOneClickUnsubscribeRoutes } from './one-click-unsubscribe.routes';
import { createUnsubscribeTokens, loadUnsubscribeKeys } from './unsubscribe-tokens';

/** The newsletter's double opt-in and its one-click unsubscribe pages (decision 119). */
export async function createNewsletterModule(deps: {
  db: Database;
  rateWindows: RateWindows;
  secrets: AuthSecretsRepository;
  storefronts: StorefrontResolver;
  catalogues: LocaleCatalogues;
}) {
  // Unsubscribe addresses are signed with keys of this server, kept for every replica (decision 119).
  const service = createNewsletterService({
    db: deps.db,
    rateWindows: deps.rateWindows,
    unsubscribeTokens: createUnsubscribeTokens(await loadUnsubscribeKeys(deps.secrets)),
    storefronts: deps.storefronts,
  });
  return {
    service,
    routes: async ({ app, api }) => {
      registerNewsletterRoutes(api, service);
      await registerOneClickUnsubscribeRoutes(app, { newsletter: service, catalogues: deps.catalogues });
    },
  } satisfies FeatureModule;
}
