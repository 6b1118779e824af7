import type { AppConfig } from '../config';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { createPaymentsRepository } from './payments.repository';
import { registerPaymentReturnRoute, registerTestPaymentPages } from './payments.routes';
import { createPaymentsService } from './payments.service';
import { createTestPaymentProvider, testPaymentsHousekeeping } from './test-payment-provider';
import { createTestPaymentsRepository } from './test-payments.repository';

/**
 * One payment provider for every purpose (decision 086). The local test page only where a demo or
 * test start switched it on (TEST_PAYMENTS); a production start refuses that switch. Without a
 * provider nothing is paid here: the own prints-order page is off, and so are reorder and 'Pay now'.
 */
export function createPaymentsModule(deps: {
  config: Pick<AppConfig, 'testPayments'>;
  db: Database;
  clock: Clock;
}) {
  const testPayments = deps.config.testPayments ? createTestPaymentsRepository(deps.db) : undefined;
  const provider = testPayments && createTestPaymentProvider(testPayments);
  const service = createPaymentsService({
    payments: createPaymentsRepository(deps.db),
    provider,
    clock: deps.clock,
  });
  return {
    service,
    /** The provider's name: a saved method is charged again only by the provider that saved it. */
    providerName: provider?.name,
    routes: ({ app, authenticate }) => {
      registerPaymentReturnRoute(app, { payments: service, authenticate });
      if (testPayments) registerTestPaymentPages(app, { sessions: testPayments });
    },
    jobs: [service.background, ...(testPayments ? [testPaymentsHousekeeping(testPayments)] : [])],
  } satisfies FeatureModule;
}
