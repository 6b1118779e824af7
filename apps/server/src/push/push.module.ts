import type { AuthModule } from '../auth/auth.module';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { createCustomerPushBus } from './customer-push';
import { registerPushRoutes } from './push.routes';

/** The one push channel per customer (photo and archive events), fed through PostgreSQL NOTIFY. */
export function createPushModule(deps: {
  db: Database;
  auth: Pick<AuthModule, 'authenticateUpgrade' | 'verifyAccessToken'>;
}) {
  const bus = createCustomerPushBus(deps.db);
  let channel: { connections(): number } | undefined;
  return {
    bus,
    /** The push sockets this process holds open (metrics). */
    connections: () => channel?.connections() ?? 0,
    routes: async ({ app }) => {
      channel = await registerPushRoutes(app, {
        push: bus,
        authenticateUpgrade: deps.auth.authenticateUpgrade,
        verifyToken: deps.auth.verifyAccessToken,
      });
    },
    close: () => bus.close(),
  } satisfies FeatureModule;
}
