import { z } from 'zod';
import type { z as zm } from 'zod/mini';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { CORRELATION_HEADER, CSRF_HEADER, ErrorBodySchema } from '@photo/contracts/errors';
import { SHOP_API_BASE_PATH } from '@photo/contracts/shop-api';
import { contractCalls, type ContractCall } from './contract-endpoints';
import { BODY_LIMIT_BYTES } from './http-server';

/**
 * The OpenAPI 3.1 documents of the two APIs, built from the contracts the server registers (decision
 * 136): the shop-side API and the customer-facing API the web app calls. Nothing here is written by
 * hand but the prose; every field, enum and limit comes from the zod schemas, whose JSON Schema
 * (draft 2020-12) is the dialect of OpenAPI 3.1.
 */
export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };
type Json = Record<string, unknown>;

/** Where each document is served, on every storefront's host (public, like the guide). */
export const SHOP_API_DOCUMENT_PATH = `${SHOP_API_BASE_PATH}/openapi.json`;
export const CUSTOMER_API_DOCUMENT_PATH = '/api/openapi.json';

function jsonSchema(schema: zm.ZodMiniType, io: 'input' | 'output'): Json {
  // Requests are described as the caller writes them (defaults optional), answers as they are sent.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema as unknown as z.ZodType, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return rest;
}

/** `:name` path parameters as OpenAPI writes them: `{name}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parameters(schema: zm.ZodMiniType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: where,
      required: where === 'path' || (object.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: propertySchema,
    };
  });
}

const errorResponse = (description: string) => ({
  description,
  headers: { [CORRELATION_HEADER]: { $ref: '#/components/headers/CorrelationId' } },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** A call whose path carries a mailed link's secret, its credential: no sign-in. */
const isPublicCall = (call: ContractCall) => call.kind === 'customer' && call.endpoint.public === true;

/** The answers every call may give besides its own: one error body, with the correlation id. */
function errorResponses(call: ContractCall, sendsBody: boolean): Json {
  const hasPathParameters = call.endpoint.path.includes(':');
  const isPublic = isPublicCall(call);
  return {
    '400': errorResponse('A parameter, the query or the body breaks the schema (`error.field` names it)'),
    ...(isPublic
      ? {}
      : {
          '401': errorResponse(
            call.kind === 'customer'
              ? 'No valid session or access token'
              : 'No valid shop service token in `Authorization: Bearer`',
          ),
        }),
    ...(call.kind === 'customer' && !isPublic
      ? { '403': errorResponse(`Not allowed, or a session's change without the ${CSRF_HEADER} header`) }
      : {}),
    ...(hasPathParameters ? { '404': errorResponse('Nothing of that name') } : {}),
    ...(sendsBody
      ? {
          '413': errorResponse(
            call.kind === 'shopUpload'
              ? `The file is larger than ${call.endpoint.maxBytes} bytes`
              : `The body is larger than ${BODY_LIMIT_BYTES} bytes (1 MB)`,
          ),
          '415': errorResponse(
            call.kind === 'shopUpload'
              ? `The body is not ${call.endpoint.contentTypes.join(' or ')}`
              : 'A body of a type the server does not read: send application/json',
          ),
        }
      : {}),
    default: errorResponse('Any other error (409 conflict, 429 too many requests, 5xx): the same body'),
  };
}

function requestBody(call: ContractCall): Json | undefined {
  if (call.kind === 'shopUpload') {
    return {
      required: true,
      description: `The file itself, at most ${call.endpoint.maxBytes} bytes, streamed as it is.`,
      content: Object.fromEntries(
        call.endpoint.contentTypes.map((type) => [
          type,
          { schema: { type: 'string', contentMediaType: type } },
        ]),
      ),
    };
  }
  if (!call.endpoint.body) return undefined;
  return {
    required: true,
    description: `JSON of at most ${BODY_LIMIT_BYTES} bytes (1 MB).`,
    content: { 'application/json': { schema: jsonSchema(call.endpoint.body, 'input') } },
  };
}

function successResponse(call: ContractCall): [string, Json] {
  const status = call.kind === 'customer' ? (call.endpoint.successStatus ?? 200) : 200;
  if (status === 204) return ['204', { description: 'Done; no body' }];
  return [
    String(status),
    {
      description: 'Done',
      content: { 'application/json': { schema: jsonSchema(call.endpoint.response, 'output') } },
    },
  ];
}

function operation(call: ContractCall, tag: string): Json {
  const body = requestBody(call);
  const query = call.kind === 'shop' ? undefined : call.endpoint.query;
  const [status, success] = successResponse(call);
  const [table, key] = call.id.split('.') as [string, string];
  return {
    operationId: call.id,
    summary: `${key} (${table})`,
    tags: [tag],
    parameters: [...parameters(call.endpoint.params, 'path'), ...parameters(query, 'query')],
    ...(body ? { requestBody: body } : {}),
    ...(isPublicCall(call) ? { security: [] } : {}),
    responses: { [status]: success, ...errorResponses(call, body !== undefined) },
  };
}

function documentOf(
  calls: ContractCall[],
  info: Json,
  extra: Json,
  fullPath: (call: ContractCall) => string,
) {
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Map<string, string>();
  for (const call of calls) {
    const tag = call.kind === 'customer' ? call.endpoint.service : call.id.split('.')[0]!;
    tags.set(
      tag,
      call.kind === 'customer' ? `Below ${serviceBasePath(call.endpoint.service)}` : `The ${tag} calls`,
    );
    const path = openApiPath(fullPath(call));
    paths[path] = { ...paths[path], [call.endpoint.method.toLowerCase()]: operation(call, tag) };
  }
  return {
    openapi: '3.1.0',
    info: { version: '1', ...info },
    servers: [{ url: '/', description: 'The storefront host the call is made on' }],
    tags: [...tags].map(([name, description]) => ({ name, description })),
    ...extra,
    paths,
    components: {
      ...(extra.components as Json | undefined),
      schemas: { ErrorBody: jsonSchema(ErrorBodySchema, 'output') },
      headers: {
        CorrelationId: {
          description: 'The id of this request in the logs: quote it when asking about an answer',
          schema: { type: 'string' },
        },
      },
    },
  } as OpenApiDocument;
}

/** The shop-side API's document and the customer-facing API's, from every call in the contracts. */
export async function buildOpenApiDocuments(): Promise<{ shop: OpenApiDocument; customer: OpenApiDocument }> {
  const calls = await contractCalls();
  const shop = documentOf(
    calls.filter((call) => call.kind !== 'customer'),
    {
      title: 'Account area: shop-side API',
      description: `How the shop reports orders, projects, photo books, print files and products to the account area. The flows, with examples, are in the integration guide, docs/shop-integration.md; the fields are here.`,
    },
    {
      security: [{ shopToken: [] }],
      components: {
        securitySchemes: {
          shopToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The shop service token (SHOP_API_TOKEN)',
          },
        },
      },
    },
    (call) => `${SHOP_API_BASE_PATH}${call.endpoint.path}`,
  );
  const customer = documentOf(
    calls.filter((call) => call.kind === 'customer'),
    {
      title: 'Account area: customer API',
      description: `The calls the account area's web app makes for a signed-in customer: with the session cookie (and the ${CSRF_HEADER}: 1 header on a change), or with a bearer access token. Calls whose path carries a mailed link's secret need neither.`,
    },
    {
      security: [{ accessToken: [] }],
      components: {
        securitySchemes: {
          accessToken: { type: 'http', scheme: 'bearer', description: 'An access token of the customer' },
        },
      },
    },
    (call) => (call.kind === 'customer' ? serviceBasePath(call.endpoint.service) : '') + call.endpoint.path,
  );
  return { shop, customer };
}

/** Where the documents are committed (docs/openapi/), for readers of the repository and the linter. */
export const openApiFiles = {
  shop: new URL('../../../../docs/openapi/shop-api.json', import.meta.url),
  customer: new URL('../../../../docs/openapi/customer-api.json', import.meta.url),
};

/** The text committed and served. */
export const serializeDocument = (document: OpenApiDocument) => `${JSON.stringify(document, null, 2)}\n`;
