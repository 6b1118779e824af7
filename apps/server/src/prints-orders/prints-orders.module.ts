import type { createAddressesRepository } from '../addresses/addresses.repository';
import type { CustomersRepository } from '../customers/customers.repository';
import type { MerchandiseService } from '../merchandise/merchandise.service';
import type { OrderIntakeService } from '../orders/order-intake.service';
import type { OrderMails } from '../orders/order-mails';
import type { PaymentsService } from '../payments/payments.service';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import type { TempSelectionsService } from '../temp-selections/temp-selections.service';
import { createPrintsCheckoutsRepository } from './prints-checkouts.repository';
import { registerPrintsOrderRoutes } from './prints-orders.routes';
import { createPrintsOrdersService, deliveryAddressOf } from './prints-orders.service';

/** This product's own prints-order page (decision 088): priced, paid, then placed through the order intake. */
export function createPrintsOrdersModule(deps: {
  db: Database;
  clock: Clock;
  tempSelections: TempSelectionsService;
  merchandise: MerchandiseService;
  payments: PaymentsService;
  customers: CustomersRepository;
  addresses: Pick<ReturnType<typeof createAddressesRepository>, 'find'>;
  intake: Pick<OrderIntakeService, 'putSuperOrder'>;
  mails: OrderMails;
}) {
  const service = createPrintsOrdersService({
    checkouts: createPrintsCheckoutsRepository(deps.db),
    tempSelections: deps.tempSelections,
    merchandise: deps.merchandise,
    payments: deps.payments,
    customers: deps.customers,
    shop: deps.intake,
    mails: deps.mails,
    findDeliveryAddress: async (customerId, addressId) => {
      const address = await deps.addresses.find(customerId, addressId);
      return address && deliveryAddressOf(address);
    },
    clock: deps.clock,
  });
  return {
    routes: ({ api }) => registerPrintsOrderRoutes(api, service),
    jobs: [service.background],
  } satisfies FeatureModule;
}
