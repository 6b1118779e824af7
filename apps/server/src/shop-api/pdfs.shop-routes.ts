import { shopPdfsApi } from '@photo/contracts/shop-pdfs';
import type { OrderPdfsService } from '../products/order-pdfs.service';
import type { ProductsService } from '../products/products.service';
import type { ShopApiRouter } from './shop-api.router';

/** The shop's production hands over orders' print files; its catalogue sends product information. */
export function registerShopPdfRoutes(
  shop: ShopApiRouter,
  deps: { pdfs: OrderPdfsService; products: ProductsService },
): void {
  shop.handleUpload(shopPdfsApi.putOrderPdfArchive, ({ params, file }) =>
    deps.pdfs.putArchiveFromShop(params.orderId, file),
  );
  shop.handle(shopPdfsApi.putPdf, ({ params, body }) => deps.pdfs.putPdfFromShop(params.code, body));
  shop.handle(shopPdfsApi.putProduct, ({ params, body }) => deps.products.putFromShop(params.code, body));
  shop.handleUpload(shopPdfsApi.putProductFile, ({ params, query, file, contentType }) =>
    deps.products.putFileFromShop(params.code, {
      purpose: params.purpose,
      language: query.language,
      fileName: query.fileName,
      contentType,
      body: file,
    }),
  );
}
