import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { serviceBasePath, type Endpoint, type EndpointResponse } from '@photo/contracts/endpoint';
import type { Authenticate, Caller } from './caller';
import { invalid } from './errors';

export interface HandlerInput<E> {
  params: E extends Endpoint<infer P, z.ZodMiniType, z.ZodMiniType, z.ZodMiniType> ? z.output<P> : never;
  query: E extends Endpoint<z.ZodMiniType, infer Q, z.ZodMiniType, z.ZodMiniType> ? z.output<Q> : never;
  body: E extends Endpoint<z.ZodMiniType, z.ZodMiniType, infer B, z.ZodMiniType> ? z.output<B> : never;
  caller: Caller;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface ApiRouter {
  /** Binds a contract entry to a handler: input parsed, caller authenticated, answer checked. */
  handle<E extends Endpoint>(
    endpoint: E,
    handler: (input: HandlerInput<E>) => Promise<EndpointResponse<E>>,
  ): void;
  /**
   * The same for a call anyone may make without signing in, because a secret in its path is the
   * credential (a mailed link's token): no caller, no session, so no CSRF concern either.
   */
  handlePublic<E extends Endpoint>(
    endpoint: E,
    handler: (input: Omit<HandlerInput<E>, 'caller'>) => Promise<EndpointResponse<E>>,
  ): void;
}

// The contracts use zod/mini, which carries no messages, to keep the web bundle small; callers of the
// API get English ones ('Too small: expected number to be >=1'), the web app translates the code.
z.config(z.locales.en());

/** The path of the first text holding a NUL: no database column can store one, so it is a 400 here. */
function pathOfNul(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = pathOfNul(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

function parsePart<S extends z.ZodMiniType | undefined>(schema: S, value: unknown, part: string): unknown {
  if (!schema) return undefined;
  const nul = pathOfNul(value);
  if (nul) {
    const field = [part, ...nul].join('.');
    throw invalid(field, `${field}: must not contain a NUL character`);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = [part, ...issue.path.map(String)].join('.');
  throw invalid(field, `${field}: ${issue.message}`);
}

export function createApiRouter(app: FastifyInstance, authenticate: Authenticate): ApiRouter {
  const route = <E extends Endpoint>(
    endpoint: E,
    handler: (input: HandlerInput<E>) => Promise<EndpointResponse<E>>,
    who: (request: FastifyRequest) => Promise<Caller>,
  ) => {
    app.route({
      method: endpoint.method,
      url: `${serviceBasePath(endpoint.service)}${endpoint.path}`,
      handler: async (request, reply) => {
        const caller = await who(request);
        const input = {
          params: parsePart(endpoint.params, request.params, 'params'),
          query: parsePart(endpoint.query, request.query, 'query'),
          body: parsePart(endpoint.body, request.body, 'body'),
          caller,
          request,
          reply,
        } as HandlerInput<typeof endpoint>;
        const result = await handler(input);
        void reply.header('cache-control', 'no-store');
        if (endpoint.successStatus === 204) return reply.status(204).send();
        // The answer is held to the same schema the web client parses with.
        const checked = endpoint.response.parse(result);
        return reply.status(endpoint.successStatus ?? 200).send(checked);
      },
    });
  };
  const nobody = async () => undefined as unknown as Caller;
  // The contract says which calls are public (its OpenAPI document does too): registration must agree.
  const agreeing = (endpoint: Endpoint, isPublic: boolean) => {
    if (Boolean(endpoint.public) !== isPublic) {
      throw new Error(
        `${endpoint.method} ${endpoint.path}: the contract's \`public\` and its registration differ`,
      );
    }
  };
  return {
    handle: (endpoint, handler) => {
      agreeing(endpoint, false);
      route(endpoint, handler, authenticate);
    },
    handlePublic: (endpoint, handler) => {
      agreeing(endpoint, true);
      route(endpoint, handler, nobody);
    },
  };
}
