import type { MerchandiseService } from '../merchandise/merchandise.service';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { createOrderPdfsRepository } from './order-pdfs.repository';
import { createOrderPdfsService } from './order-pdfs.service';
import { createProductInformationRepository } from './product-information.repository';
import { registerProductRoutes } from './products.routes';
import { createProductsService } from './products.service';

/** Print files of orders and product information with their files (decisions 096, 116, 125). */
export function createProductsModule(deps: {
  db: Database;
  blobs: BlobStore;
  merchandise: MerchandiseService;
}) {
  const { blobs, merchandise } = deps;
  const pdfs = createOrderPdfsService({ pdfs: createOrderPdfsRepository(deps.db), blobs, merchandise });
  const service = createProductsService({
    products: createProductInformationRepository(deps.db),
    blobs,
    merchandise,
  });
  return {
    service,
    pdfs,
    routes: ({ app, api, authenticate }) =>
      registerProductRoutes(app, api, { products: service, pdfs, blobs, authenticate }),
  } satisfies FeatureModule;
}
