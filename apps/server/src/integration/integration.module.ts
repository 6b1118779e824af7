import { randomBytes } from 'node:crypto';
import type { AuthSecretsRepository } from '../auth/auth-secrets.repository';
import { createTokenCipher } from '../auth/token-cipher';
import type { AppConfig } from '../config';
import type { CustomersService } from '../customers/customers.service';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { createCallbackWork } from './callback-delivery';
import { createCallbackUrlGuard } from './callback-url-guard';
import { createIntegrationRepository } from './integration.repository';
import { registerIntegrationRoutes } from './integration.routes';
import { createIntegrationService } from './integration.service';

/** The B2B integration (decision 092): callback settings, and the callbacks of order state changes. */
export async function createIntegrationModule(deps: {
  config: Pick<AppConfig, 'integration'>;
  db: Database;
  secrets: AuthSecretsRepository;
  customers: CustomersService;
}) {
  // Callback secrets are kept sealed with this server's key: a database dump alone cannot sign.
  const callbackKey = await deps.secrets.getOrCreate('integration.callback-key', async () =>
    randomBytes(32).toString('base64url'),
  );
  const cipher = createTokenCipher(Buffer.from(callbackKey, 'base64url'));
  const checkUrl = createCallbackUrlGuard({ allowedOrigins: deps.config.integration.callbackAllowedOrigins });
  const repository = createIntegrationRepository(deps.db);
  const service = createIntegrationService({
    db: deps.db,
    integration: repository,
    customers: deps.customers,
    checkUrl,
    cipher,
    config: deps.config.integration,
  });
  return {
    onOrderStateChanged: service.onOrderStateChanged,
    routes: ({ api }) => registerIntegrationRoutes(api, service),
    jobs: [createCallbackWork({ integration: repository, checkUrl, cipher })],
  } satisfies FeatureModule;
}
