import type { ErrorCode } from '@photo/contracts/errors';

/** Failures that never reached an error body of the API: no answer, or an answer of the wrong shape. */
export type ClientErrorCode = 'network_error' | 'invalid_response';

/** A failed call, thrown with the status (docs/product/errors.md) and the correlation id to find it in the server log. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    readonly correlationId: string,
    message: string,
    /** The request field the server found at fault (`body.postcode`), when it named one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
