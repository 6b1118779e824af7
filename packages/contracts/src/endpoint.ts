import type { z } from 'zod/mini';

/** The services of spec section 7; each has its own base URL in `/config.json`. */
export const serviceNames = [
  'photos',
  'share',
  'tempSelections',
  'downloads',
  'storage',
  'upload',
  'auth',
  'emailGateway',
  'customers',
  'orders',
  'projects',
  'invoices',
  'products',
  'gallery',
  'widgets',
  'merchandise',
  'printsOrders',
] as const;
export type ServiceName = (typeof serviceNames)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the API, defined once: the server registers it, the web client calls it, and both
 * parse with the same schemas.
 */
export interface Endpoint<
  Params extends z.ZodMiniType = z.ZodMiniType,
  Query extends z.ZodMiniType = z.ZodMiniType,
  Body extends z.ZodMiniType = z.ZodMiniType,
  Response extends z.ZodMiniType = z.ZodMiniType,
> {
  service: ServiceName;
  method: HttpMethod;
  /** Path below the service's base URL, with `:name` parameters. */
  path: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Status of a successful answer; 204 answers carry no body. */
  successStatus?: 200 | 201 | 202 | 204;
  /**
   * Anyone may call it without signing in: a secret in its path is the credential (a mailed link's
   * token). The server registers it with `handlePublic`; the OpenAPI document asks no sign-in of it.
   */
  public?: true;
}

export function defineEndpoint<
  Params extends z.ZodMiniType = z.ZodMiniUndefined,
  Query extends z.ZodMiniType = z.ZodMiniUndefined,
  Body extends z.ZodMiniType = z.ZodMiniUndefined,
  Response extends z.ZodMiniType = z.ZodMiniType,
>(endpoint: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return endpoint;
}

type InputPart<Schema, Key extends string> = Schema extends z.ZodMiniUndefined
  ? unknown
  : Schema extends z.ZodMiniType
    ? { [K in Key]: z.input<Schema> }
    : unknown;

/** What a caller passes: `{ params, query, body }`, each only where the endpoint has one. */
export type EndpointInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodMiniType>
    ? InputPart<P, 'params'> & InputPart<Q, 'query'> & InputPart<B, 'body'>
    : never;

export type EndpointResponse<E> =
  E extends Endpoint<z.ZodMiniType, z.ZodMiniType, z.ZodMiniType, infer R> ? z.output<R> : never;

/** Fills `:name` segments of a path from params, encoding each value. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(value);
  });
}

/** Where a service's calls live below an origin: `/api/temp-selections`, `/api/photos`, ... */
export function serviceBasePath(service: ServiceName): string {
  return `/api/${service.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}
