import { validatePostalAddress } from '../addresses/address-validator';
import type { AppConfig } from '../config';
import type { CustomersRepository } from '../customers/customers.repository';
import type { MerchandiseService } from '../merchandise/merchandise.service';
import type { PaymentMethodsRepository } from '../payment-methods/payment-methods.repository';
import type { PaymentsService } from '../payments/payments.service';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import type { StorefrontResolver } from '../storefronts/storefronts';
import { createOrderIntakeService, type OrderStateListener } from './order-intake.service';
import { createOrderMails } from './order-mails';
import { createOrderPaymentsService } from './order-payments.service';
import { createOrdersRepository } from './orders.repository';
import { registerOrderRoutes } from './orders.routes';
import { createOrdersService } from './orders.service';
import { createReorderService } from './reorder.service';

/**
 * Orders (decisions 080, 081, 121): the intake of the shop's reports and of the orders placed here,
 * the customer's orders, reorder, 'Pay now' and 'Cancel order', and the order mails.
 */
export function createOrdersModule(deps: {
  db: Database;
  clock: Clock;
  /** `orderSentMails`: the 'sent' mail of every dispatched order, unless the shop mails its own. */
  config: Pick<AppConfig, 'orderSentMails'>;
  customers: CustomersRepository;
  merchandise: MerchandiseService;
  storefronts: StorefrontResolver;
  payments: PaymentsService;
  /** The provider in use: a mandate another provider gave cannot be charged here. */
  providerName: string | undefined;
  paymentMethods: PaymentMethodsRepository;
  /** Told of every order state change, inside the change's transaction. */
  onOrderStateChanged: OrderStateListener[];
}) {
  const { db, clock, merchandise } = deps;
  const repository = createOrdersRepository(db);
  const mails = createOrderMails({
    db,
    merchandise,
    storefronts: deps.storefronts,
    sentMails: deps.config.orderSentMails,
  });
  const intake = createOrderIntakeService({
    db,
    customers: deps.customers,
    onStateChanged: [...deps.onOrderStateChanged, mails.onOrderStateChanged],
  });
  const orderPayments = createOrderPaymentsService({
    orders: repository,
    shop: intake,
    payments: deps.payments,
    mails,
    clock,
  });
  const service = createOrdersService({
    orders: repository,
    merchandise,
    orderPayments,
    clock,
    validateAddress: validatePostalAddress,
  });
  const reorder = createReorderService({
    orders: repository,
    shop: intake,
    merchandise,
    paymentMethods: deps.paymentMethods,
    orderPayments,
    mails,
    paymentsAvailable: deps.payments.available,
    providerName: deps.providerName,
    clock,
  });
  return {
    repository,
    intake,
    mails,
    routes: ({ api }) => registerOrderRoutes(api, { orders: service, reorder, orderPayments }),
  } satisfies FeatureModule;
}
