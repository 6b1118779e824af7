import { createHash, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { buildPath } from '@photo/contracts/endpoint';
import { SHOP_API_BASE_PATH, type ShopEndpoint, type ShopUploadEndpoint } from '@photo/contracts/shop-api';
import { invalid, payloadTooLarge, unauthorized, unsupportedMediaType } from '../platform/errors';
import { networkOf } from '../platform/network-address';
import { rateLimits } from '../platform/rate-limits';

export interface ShopHandlerInput<E> {
  params: E extends ShopEndpoint<infer P, z.ZodMiniType, z.ZodMiniType> ? z.output<P> : never;
  query: E extends ShopEndpoint<z.ZodMiniType, z.ZodMiniType, z.ZodMiniType, infer Q> ? z.output<Q> : never;
  body: E extends ShopEndpoint<z.ZodMiniType, infer B, z.ZodMiniType> ? z.output<B> : never;
  request: FastifyRequest;
}

export type ShopEndpointResponse<E> =
  E extends ShopEndpoint<z.ZodMiniType, z.ZodMiniType, infer R> ? z.output<R> : never;

export interface ShopUploadInput<E> {
  params: E extends ShopUploadEndpoint<infer P, z.ZodMiniType, z.ZodMiniType> ? z.output<P> : never;
  query: E extends ShopUploadEndpoint<z.ZodMiniType, infer Q, z.ZodMiniType> ? z.output<Q> : never;
  /** The request body, unread: the handler streams it where it belongs. */
  file: Readable;
  contentType: string;
  request: FastifyRequest;
}

export type ShopUploadResponse<E> =
  E extends ShopUploadEndpoint<z.ZodMiniType, z.ZodMiniType, infer R> ? z.output<R> : never;

/**
 * The shop-side API's router: every call carries `Authorization: Bearer <shop service token>`, never a
 * customer's session. Each kind of thing the shop reports registers its calls in its own
 * `<kind>.shop-routes.ts` with `shop.handle(...)`.
 */
export interface ShopApiRouter {
  handle<E extends ShopEndpoint>(
    endpoint: E,
    handler: (input: ShopHandlerInput<E>) => Promise<ShopEndpointResponse<E>>,
  ): void;
  /** A call whose body is a file of one of the endpoint's types, handed over as a stream. */
  handleUpload<E extends ShopUploadEndpoint>(
    endpoint: E,
    handler: (input: ShopUploadInput<E>) => Promise<ShopUploadResponse<E>>,
  ): void;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time: the digests have one length whatever was sent. */
export function tokenMatches(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  return timingSafeEqual(digest(sent), digest(expected));
}

function parsePart(schema: z.ZodMiniType | undefined, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = [part, ...issue.path.map(String)].join('.');
  throw invalid(field, `${field}: ${issue.message}`);
}

/**
 * `tokens`: the valid service tokens, two while the shop rotates from one to the next.
 * `callsPerMinute`: the `shopApiCalls` limit; past it 429 with `Retry-After`.
 */
export function createShopApiRouter(
  app: FastifyInstance,
  tokens: string[],
  callsPerMinute: number,
): ShopApiRouter {
  const isShop = (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const sent = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
    // Every token is compared, so the time taken does not tell which one matched.
    return tokens.map((token) => tokenMatches(sent, token)).includes(true);
  };
  const authenticate = (request: FastifyRequest) => {
    if (!isShop(request)) throw unauthorized('A valid shop service token is required');
  };
  const config = {
    rateLimit: {
      max: callsPerMinute,
      timeWindow: rateLimits.shopApiCalls.windowSeconds * 1000,
      // The shop's calls share one count, so a guesser without a token cannot use up the shop's.
      keyGenerator: (request: FastifyRequest) => (isShop(request) ? 'shop' : networkOf(request.ip)),
    },
  };
  return {
    handle(endpoint, handler) {
      app.route({
        method: endpoint.method,
        url: `${SHOP_API_BASE_PATH}${endpoint.path}`,
        config,
        handler: async (request, reply) => {
          authenticate(request);
          const input = {
            params: parsePart(endpoint.params, request.params, 'params'),
            query: parsePart(endpoint.query, request.query, 'query'),
            body: parsePart(endpoint.body, request.body, 'body'),
            request,
          } as ShopHandlerInput<typeof endpoint>;
          const result = await handler(input);
          void reply.header('cache-control', 'no-store');
          return reply.status(200).send(endpoint.response.parse(result));
        },
      });
    },
    handleUpload(endpoint, handler) {
      // A scope of its own, so that only this call takes its file types, and takes them unread.
      void app.register(async (scope) => {
        scope.addContentTypeParser([...endpoint.contentTypes], (_request, payload, done) =>
          done(null, payload),
        );
        scope.route({
          method: endpoint.method,
          url: `${SHOP_API_BASE_PATH}${endpoint.path}`,
          config,
          handler: async (request, reply) => {
            authenticate(request);
            const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
            if (!endpoint.contentTypes.includes(contentType)) {
              throw unsupportedMediaType(`Send the file as ${endpoint.contentTypes.join(' or ')}`);
            }
            if (Number(request.headers['content-length'] ?? 0) > endpoint.maxBytes) {
              throw payloadTooLarge(`The file is larger than ${endpoint.maxBytes} bytes`);
            }
            const input = {
              params: parsePart(endpoint.params, request.params, 'params'),
              query: parsePart(endpoint.query, request.query, 'query'),
              file: request.body as Readable,
              contentType,
              request,
            } as ShopUploadInput<typeof endpoint>;
            const result = await handler(input);
            void reply.header('cache-control', 'no-store');
            return reply.status(200).send(endpoint.response.parse(result));
          },
        });
      });
    },
  };
}

/** The address of a shop-side call, for clients (the `npm run shop` command, tests). */
export const shopPath = (endpoint: ShopEndpoint | ShopUploadEndpoint, params?: Record<string, unknown>) =>
  `${SHOP_API_BASE_PATH}${buildPath(endpoint.path, params)}`;
