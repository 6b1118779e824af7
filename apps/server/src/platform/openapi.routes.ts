import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API_DOCUMENT_PATH, openApiFiles, SHOP_API_DOCUMENT_PATH } from './openapi';

/**
 * The OpenAPI documents at stable addresses, public like the guide that links them: the shop's
 * developers and their tools read the fields of the running version here. What is served is what is
 * committed in docs/openapi/, which a test holds equal to what the contracts generate; read on the
 * first request and kept: they change only with a deployment.
 */
export function registerOpenApiRoutes(app: FastifyInstance): void {
  for (const [url, file] of [
    [SHOP_API_DOCUMENT_PATH, openApiFiles.shop],
    [CUSTOMER_API_DOCUMENT_PATH, openApiFiles.customer],
  ] as const) {
    let document: Promise<string> | undefined;
    app.get(url, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('application/json; charset=utf-8')
        .send(await (document ??= readFile(file, 'utf8'))),
    );
  }
}
