import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorBody, ErrorCode } from '@photo/contracts/errors';

/** A rule broken by the caller; the one error handler maps it to a status and a stable code. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new DomainError('not_found', 404, message);
export const unauthorized = (message = 'Sign-in required') => new DomainError('unauthorized', 401, message);
export const forbidden = (message = 'Not allowed') => new DomainError('forbidden', 403, message);
export const invalid = (field: string, message: string) =>
  new DomainError('bad_request', 400, message, field);
export const conflict = (message: string) => new DomainError('conflict', 409, message);
export const payloadTooLarge = (message: string) => new DomainError('payload_too_large', 413, message);
export const unsupportedMediaType = (message: string) =>
  new DomainError('unsupported_media_type', 415, message);
export const storageQuotaExceeded = (message: string) =>
  new DomainError('storage_quota_exceeded', 413, message);
/** A stored file that cannot be served (its zip is damaged or no longer holds it): the sender's fault. */
export const fileUnavailable = (message: string) => new DomainError('file_unavailable', 502, message);
export const paymentsUnavailable = () =>
  new DomainError('payments_unavailable', 503, 'No payment provider is set up here');
export const tooManyRequests = (message: string) => new DomainError('too_many_requests', 429, message);

const fastifyCodeMap: Record<string, { code: ErrorCode; status: number }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', status: 415 },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', status: 413 },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'bad_request', status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'bad_request', status: 400 },
  FST_ERR_RATE_LIMIT_EXCEEDED: { code: 'too_many_requests', status: 429 },
};

export function errorBody(
  code: ErrorCode,
  message: string,
  correlationId: string,
  field?: string,
): ErrorBody {
  return { error: { code, message, correlationId, ...(field ? { field } : {}) } };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    const correlationId = request.id;
    if (error instanceof DomainError) {
      return reply
        .status(error.status)
        .send(errorBody(error.code, error.message, correlationId, error.field));
    }
    const known = error.code ? fastifyCodeMap[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send(errorBody(known.code, error.message, correlationId));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // `@fastify/rate-limit` throws a plain error with status 429 and no code.
      const code = error.statusCode === 429 ? 'too_many_requests' : 'bad_request';
      return reply.status(error.statusCode).send(errorBody(code, error.message, correlationId));
    }
    // Server faults are logged in full and never described to the caller.
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal', 'An unexpected error has occurred', correlationId));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(errorBody('not_found', `No route for ${request.method} ${request.url}`, request.id)),
  );
}
