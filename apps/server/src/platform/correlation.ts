import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { CORRELATION_HEADER } from '@photo/contracts/errors';

const acceptable = /^[A-Za-z0-9._:-]{1,100}$/;

/** Takes the caller's correlation id when it is sane, else makes one; Fastify uses it as the request id. */
export function correlationIdFor(request: IncomingMessage): string {
  const given = request.headers[CORRELATION_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value && acceptable.test(value) ? value : randomUUID();
}
