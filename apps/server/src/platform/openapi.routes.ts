import type { FastifyInstance } from 'fastify';
import {
  buildOpenApiDocuments,
  CUSTOMER_API_DOCUMENT_PATH,
  serializeDocument,
  SHOP_API_DOCUMENT_PATH,
} from './openapi';

/**
 * The OpenAPI documents at stable addresses, public like the guide that links them: the shop's
 * developers and their tools read the fields of the running version here. Built on the first
 * request, not at start-up, and kept: they change only with a deployment.
 */
export function registerOpenApiRoutes(app: FastifyInstance): void {
  let documents: Promise<{ shop: string; customer: string }> | undefined;
  const built = () =>
    (documents ??= buildOpenApiDocuments().then(({ shop, customer }) => ({
      shop: serializeDocument(shop),
      customer: serializeDocument(customer),
    })));
  for (const [url, which] of [
    [SHOP_API_DOCUMENT_PATH, 'shop'],
    [CUSTOMER_API_DOCUMENT_PATH, 'customer'],
  ] as const) {
    app.get(url, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('application/json; charset=utf-8')
        .send((await built())[which]),
    );
  }
}
