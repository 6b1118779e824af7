import type { PaymentsService } from '../payments/payments.service';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { createPaymentMethodsRepository } from './payment-methods.repository';
import { registerPaymentMethodRoutes } from './payment-methods.routes';
import { createPaymentMethodsService } from './payment-methods.service';

/** The customer's preferred payment method, saved through the provider (decision 105). */
export function createPaymentMethodsModule(deps: { db: Database; payments: PaymentsService }) {
  const repository = createPaymentMethodsRepository(deps.db);
  const service = createPaymentMethodsService({ paymentMethods: repository, payments: deps.payments });
  return {
    repository,
    routes: ({ api }) => registerPaymentMethodRoutes(api, service),
  } satisfies FeatureModule;
}
