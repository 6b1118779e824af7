import { dataExportApi } from '@photo/contracts/data-export';
import { createAddressesRepository } from '../addresses/addresses.repository';
import { createCustomersRepository } from '../customers/customers.repository';
import { libraryArchiveSource, type ArchiveSource } from '../downloads/archive-job';
import type { DownloadsService } from '../downloads/downloads.service';
import { createInvoicesRepository } from '../invoices/invoices.repository';
import { createOrdersRepository } from '../orders/orders.repository';
import type { PhotosRepository } from '../photos/photos.repository';
import type { ApiRouter } from '../platform/api-router';
import type { Database } from '../platform/database';
import { notFound } from '../platform/errors';
import { createProjectsRepository } from '../projects/projects.repository';
import { createDataExportRepository } from './data-export.repository';

/** Far more than any account holds: the export lists everything in one page. */
const EVERYTHING = 1_000_000;

/** Every order of the customer: each checkout with its inner orders, their products and status history. */
async function ordersOf(db: Database, customerId: string) {
  const orders = createOrdersRepository(db);
  const superOrders = await orders.listSuperOrders(customerId, { offset: 0, limit: EVERYTHING }, null);
  const inner = await orders.ordersOf(
    customerId,
    superOrders.map((superOrder) => superOrder.code),
  );
  const ids = inner.map((order) => order.id);
  const [products, history] = await Promise.all([orders.productsOf(ids), orders.historyOf(ids)]);
  return superOrders.map((superOrder) => ({
    ...superOrder,
    orders: inner
      .filter((order) => order.superOrderCode === superOrder.code)
      .map((order) => ({
        ...order,
        products: products.filter((product) => product.orderId === order.id),
        history: history.filter((change) => change.orderId === order.id),
      })),
  }));
}

const json = (name: string, value: unknown) => ({
  name,
  body: Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'),
});

/**
 * The archive source of 'Download my data' (issue 12): the customer's photos as the library source
 * reads them, plus the account's data as JSON files read at build time (profile, addresses, album
 * structure, newsletter consent, orders, invoices and saved projects). Photo archives, links and expiry are the downloads module's.
 */
export function accountDataArchiveSource(db: Database, photos: PhotosRepository): ArchiveSource {
  return {
    ...libraryArchiveSource(photos),

    async files(download) {
      const record = await createCustomersRepository(db).findById(download.ownerId);
      if (!record) return [];
      const { passwordHash: _hash, deleted: _deleted, ...profile } = record;
      const exported = createDataExportRepository(db);
      return [
        json('profile.json', profile),
        json('addresses.json', await createAddressesRepository(db).list(download.ownerId)),
        json('albums.json', await exported.albumsOf(download.ownerId)),
        json('newsletter.json', await exported.newsletterConsentOf(download.ownerId)),
        json('orders.json', await ordersOf(db, download.ownerId)),
        json(
          'invoices.json',
          (await createInvoicesRepository(db).listOwned(download.ownerId)).map((invoice) => ({
            invoiceNumber: invoice.invoiceNumber,
            issuedAt: invoice.issuedAt,
            orderRef: invoice.orderRef,
            currency: invoice.currency,
            grossTotal: invoice.grossTotal,
            buyer: invoice.snapshot.buyer,
          })),
        ),
        json(
          'projects.json',
          (await createProjectsRepository(db).listPage(download.ownerId, 0, EVERYTHING)).projects.map(
            (project) => ({
              id: project.id,
              name: project.name,
              productCode: project.productCode,
              productName: project.productName,
              storefrontId: project.storefrontId,
              updatedAt: project.updatedAt,
              hasPreview: project.previewKey !== null,
            }),
          ),
        ),
      ];
    },
  };
}

/** `POST /customers/me/data-export`: every photo of the caller, listed now, and the data files. */
export function registerDataExportRoutes(
  api: ApiRouter,
  deps: { db: Database; downloads: DownloadsService },
) {
  api.handle(dataExportApi.create, async ({ caller, body, request }) => {
    const customer = await createCustomersRepository(deps.db).findById(caller.customerId);
    if (!customer || customer.deleted) throw notFound('Customer not found');
    const { locales } = request.storefront.storefront;
    const locale = body.locale && locales.includes(body.locale) ? body.locale : locales[0]!;
    return deps.downloads.createAccountArchive(caller, {
      id: body.id,
      name: body.name ?? 'my-data',
      locale,
      photos: await createDataExportRepository(deps.db).photoFilesOf(caller.customerId),
    });
  });
}
