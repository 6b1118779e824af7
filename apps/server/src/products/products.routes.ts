import type { FastifyInstance } from 'fastify';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { productsApi } from '@photo/contracts/products';
import type { ApiRouter } from '../platform/api-router';
import { attachmentDisposition, type BlobStore } from '../platform/blob-store';
import { sendBlob } from '../platform/blob-response';
import type { Authenticate } from '../platform/caller';
import { storefrontContextOf } from '../storefronts/storefronts';
import type { OrderPdfsService } from './order-pdfs.service';
import type { ProductsService } from './products.service';

export function registerProductRoutes(
  app: FastifyInstance,
  api: ApiRouter,
  deps: { products: ProductsService; pdfs: OrderPdfsService; blobs: BlobStore; authenticate: Authenticate },
): void {
  api.handle(productsApi.product, ({ params, request }) =>
    deps.products.get(params.code, storefrontContextOf(request)),
  );
  api.handle(productsApi.pdfs, ({ caller, request }) =>
    deps.pdfs.list(caller, storefrontContextOf(request).locale),
  );

  const base = serviceBasePath('products');
  // Taken out of the order's zip as it is sent: the zip is never read whole. To its owner only.
  app.get<{ Params: { code: string } }>(`${base}/v1/pdf/me/:code`, async (request, reply) => {
    const caller = await deps.authenticate(request);
    const pdf = await deps.pdfs.open(caller, request.params.code);
    return reply
      .type('application/pdf')
      .header('cache-control', 'private, no-cache')
      .header('content-disposition', attachmentDisposition(pdf.fileName))
      .header('content-length', pdf.size)
      .send(pdf.stream);
  });
  app.get<{ Params: { code: string; purpose: string } }>(
    `${base}/v1/Products/:code/files/:purpose`,
    async (request, reply) => {
      await deps.authenticate(request);
      const { locale } = storefrontContextOf(request);
      const file = await deps.products.file(request.params.code, request.params.purpose, locale);
      void reply
        .type(file.contentType)
        .header('cache-control', 'private, no-cache')
        // One address serves each reader's language: on a storefront of two (Belgium) the browser's says which.
        .header('vary', 'accept-language')
        .header('content-disposition', attachmentDisposition(file.fileName));
      // The file's own language, which may be another region's than the reader's (nl-NL for nl-BE); a
      // default file's language is not known, so the answer claims none.
      if (file.language) void reply.header('content-language', file.language);
      return sendBlob(reply, deps.blobs, file.blobKey, file.size, request.headers.range);
    },
  );
}
