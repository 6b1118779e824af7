import { z } from 'zod/mini';

/** Stable error codes: the web app translates each one; callers can branch on them. */
export const errorCodes = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'csrf_rejected',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  /** The customer's photo storage would overrun its quota (413). */
  'storage_quota_exceeded',
  /** The customer started more uploads this hour than allowed (429). */
  'upload_rate_exceeded',
  'channel_not_found',
  /** A callback URL that is not https, or points at a private, local or cloud-internal address (422). */
  'callback_url_refused',
  /** A stored file cannot be served: its zip is damaged or no longer holds it (502). */
  'file_unavailable',
  /** No payment provider is set up in this deployment: nothing can be paid here (503). */
  'payments_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    field: z.optional(z.string()),
    correlationId: z.optional(z.string()),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const CORRELATION_HEADER = 'x-correlation-id';
export const CSRF_HEADER = 'x-csrf';
