import type { FastifyBaseLogger } from 'fastify';
import type { createAddressesRepository } from '../addresses/addresses.repository';
import type { CustomersRepository } from '../customers/customers.repository';
import type { MerchandiseService } from '../merchandise/merchandise.service';
import type { OrdersRepository } from '../orders/orders.repository';
import type { BlobStore } from '../platform/blob-store';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { accountBuyerReader } from './invoice-buyer';
import { createInvoiceWork } from './invoice-jobs';
import { createInvoiceRetentionWork } from './invoice-retention';
import { createInvoicesRepository } from './invoices.repository';
import { registerInvoiceRoutes } from './invoices.routes';
import { createInvoicesService } from './invoices.service';

/**
 * Invoices of confirmed orders (decisions 090, 091, 107): issued by a job after the order's change
 * commits (`invoiceConfirmedOrder` listens to the order intake), listed and served to their owner,
 * and deleted when the seller's retention period ends.
 */
export function createInvoicesModule(deps: {
  db: Database;
  blobs: BlobStore;
  clock: Clock;
  customers: CustomersRepository;
  addresses: Pick<ReturnType<typeof createAddressesRepository>, 'list'>;
  orders: OrdersRepository;
  merchandise: MerchandiseService;
  logger: FastifyBaseLogger;
}) {
  const { blobs } = deps;
  const repository = createInvoicesRepository(deps.db);
  const service = createInvoicesService({
    db: deps.db,
    invoices: repository,
    blobs,
    readBuyer: accountBuyerReader({ customers: deps.customers, addresses: deps.addresses }),
    logger: deps.logger,
  });
  return {
    routes: ({ app, api, authenticate }) =>
      registerInvoiceRoutes(app, api, { invoices: service, blobs, authenticate }),
    jobs: [
      createInvoiceWork({ invoices: service, orders: deps.orders, merchandise: deps.merchandise }),
      createInvoiceRetentionWork({ invoices: repository, blobs, clock: deps.clock }),
    ],
  } satisfies FeatureModule;
}
