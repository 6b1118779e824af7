import type { FastifyRequest } from 'fastify';

/** Who is calling: established from a verified bearer token, never from the request body. */
export interface Caller {
  customerId: string;
  isB2B: boolean;
  storefrontId: string;
}

/** Verifies the request's credentials (bearer token, or the session that holds one); throws 401/403. */
export type Authenticate = (request: FastifyRequest) => Promise<Caller>;
