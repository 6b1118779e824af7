import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  buildOpenApiDocuments,
  CUSTOMER_API_DOCUMENT_PATH,
  openApiFiles,
  openApiPath,
  serializeDocument,
  SHOP_API_DOCUMENT_PATH,
  type OpenApiDocument,
} from './openapi';

const documents = await buildOpenApiDocuments();

/**
 * Routes (`METHOD /path`) the server registers that are not calls of the two APIs, each with why it
 * has no place in the documents. Anything else below /api/ or /shop-api/ must be documented; pages,
 * sign-in and the web app's files live elsewhere.
 */
const notApiCalls: Array<[RegExp, string]> = [
  [/^GET \/(api|shop-api)\/openapi\.json$/, 'the documents themselves'],
  [/^\w+ \/api\/upload\/files/, 'the tus upload protocol (tus.io), answered by @tus/server'],
  [/^GET \/api\/merchandise\/graphql$/, 'GraphQL over GET: the same queries as the documented POST'],
  [/^GET \/api\/photos\/events$/, 'the push channel: a WebSocket, not a call'],
  [/^POST \/api\/error-reports$/, "the browser's error reports (docs/product/errors.md): no client calls it"],
  [
    /^GET \/api\/.*(\/(pdf|files|cover|preview)\b|\/InvoiceGroupFiles\/)/,
    'files (images, PDFs, zips) at addresses the JSON answers give: opened as links, not called',
  ],
];

const apiPrefix = /^\/(api|shop-api)\//;
const documentedMethods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );

describe('the OpenAPI documents', () => {
  const registered: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) registered.push(`${method} ${openApiPath(route.url)}`);
        },
      },
    );
  });
  afterAll(() => t.close());

  it('are committed as generated: `npm run openapi` after a change of the contracts', async () => {
    expect(await readFile(openApiFiles.shop, 'utf8')).toBe(serializeDocument(documents.shop));
    expect(await readFile(openApiFiles.customer, 'utf8')).toBe(serializeDocument(documents.customer));
  });

  it('document every API route the server registers, and only those', () => {
    const apiRoutes = registered.filter((route) => {
      const [method, url] = route.split(' ') as [string, string];
      return (
        documentedMethods.has(method) &&
        apiPrefix.test(url) &&
        !notApiCalls.some(([pattern]) => pattern.test(route))
      );
    });
    const documented = [...operationsOf(documents.shop), ...operationsOf(documents.customer)];
    expect(apiRoutes.filter((route) => !documented.includes(route)).sort()).toEqual([]);
    expect(documented.filter((route) => !apiRoutes.includes(route)).sort()).toEqual([]);
  });

  it('are served, public and cacheable, as committed', async () => {
    for (const [url, file] of [
      [SHOP_API_DOCUMENT_PATH, openApiFiles.shop],
      [CUSTOMER_API_DOCUMENT_PATH, openApiFiles.customer],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      expect(response.body).toBe(await readFile(file, 'utf8'));
    }
  });

  it("carry the shop's enums, limits, statuses and the error body with its correlation id", () => {
    const put = documents.shop.paths['/shop-api/v1/superorders/{superOrderCode}']!.put as {
      requestBody: { content: { 'application/json': { schema: unknown } }; description: string };
      responses: Record<string, unknown>;
      parameters: Array<{ schema: { pattern: string } }>;
    };
    const body = put.requestBody.content['application/json'].schema as {
      properties: {
        source: unknown;
        orders: { items: { properties: { products: Record<string, unknown> } } };
      };
    };
    const products = body.properties.orders.items.properties.products as {
      maxItems: number;
      items: { properties: { articleGroup: unknown; articleName: unknown } };
    };
    expect(body.properties.source).toMatchObject({ enum: ['Web', 'App'], default: 'Web' });
    expect(products.maxItems).toBe(500);
    expect(products.items.properties.articleGroup).toMatchObject({
      enum: ['prints', 'photoBooks', 'wallDecor', 'cards', 'gifts'],
    });
    expect(products.items.properties.articleName).toMatchObject({ maxLength: 200 });
    expect(put.parameters[0]!.schema.pattern).toBe('^[A-Za-z0-9._-]+$');
    expect(put.requestBody.description).toContain('1048576 bytes (1 MB)');
    expect(Object.keys(put.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '413', '415', 'default']),
    );
    const upload = documents.shop.paths['/shop-api/v1/orders/{orderId}/pdf-archive']!.put;
    expect(upload).toMatchObject({
      requestBody: { content: { 'application/zip': { schema: { contentMediaType: 'application/zip' } } } },
      responses: { '413': { description: `The file is larger than ${1024 ** 3} bytes` }, '415': {} },
    });
    expect(documents.shop.components).toMatchObject({
      schemas: {
        ErrorBody: { properties: { error: { properties: { correlationId: { type: 'string' } } } } },
      },
    });
  });
});
