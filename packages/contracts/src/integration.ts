import { z } from 'zod/mini';
import { count, isoDateTime } from './common';
import { CustomerSchema } from './customers';
import { defineEndpoint } from './endpoint';

/** docs/product/entities.md: the formats a callback can be sent in. */
export const callbackFormats = ['JSON', 'XML'] as const;
export const CallbackFormatSchema = z.enum(callbackFormats);
export type CallbackFormat = z.infer<typeof CallbackFormatSchema>;

export const CALLBACK_URL_MAX_LENGTH = 2000;
/** Deliveries shown in the log of the integration page. */
export const CALLBACK_LOG_SIZE = 20;

/** Headers of every callback: the signature is HMAC-SHA256 over `${timestamp}.${body}` with the customer's secret. */
export const CALLBACK_SIGNATURE_HEADER = 'x-photoshop-signature';
export const CALLBACK_TIMESTAMP_HEADER = 'x-photoshop-timestamp';
export const CALLBACK_DELIVERY_HEADER = 'x-photoshop-delivery';

export const callbackDeliveryStates = ['pending', 'delivered', 'failed'] as const;

export const CallbackDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  orderCode: z.nullable(z.string()),
  state: z.enum(callbackDeliveryStates),
  attempts: count,
  created: isoDateTime,
  lastAttempt: z.nullable(isoDateTime),
  /** The receiver's HTTP status of the last attempt; null when none answered. */
  responseStatus: z.nullable(z.int()),
});
export type CallbackDelivery = z.infer<typeof CallbackDeliverySchema>;

/** What the FTP instructions page shows (docs/product/b2b.md): where and how to send order files, and the callbacks. */
export const IntegrationSchema = z.object({
  ftp: z.object({
    host: z.string(),
    port: z.int(),
    user: z.string(),
    folders: z.object({ incoming: z.string(), processed: z.string(), failed: z.string() }),
  }),
  callbackUrl: z.nullable(z.string()),
  callbackFormat: z.nullable(CallbackFormatSchema),
  /** Whether a signing secret exists; the secret itself is shown once, when it is made. */
  hasSecret: z.boolean(),
  deliveries: z.array(CallbackDeliverySchema),
});
export type Integration = z.infer<typeof IntegrationSchema>;

/** The profile merged with the answer (docs/product/states.md), and the signing secret when this save made one. */
export const CallbackSettingsResultSchema = z.extend(CustomerSchema, {
  callbackSecret: z.nullable(z.string()),
});
export type CallbackSettingsResult = z.infer<typeof CallbackSettingsResultSchema>;

export const integrationApi = {
  get: defineEndpoint({
    service: 'customers',
    method: 'GET',
    path: '/customers/me/integration',
    response: IntegrationSchema,
  }),
  /** docs/product/calls.md: the call on /customers/me carrying callbackUrl and callbackFormat; a null URL stops callbacks. */
  updateCallback: defineEndpoint({
    service: 'customers',
    method: 'PATCH',
    path: '/customers/me',
    body: z.object({
      callbackUrl: z.nullable(z.string().check(z.trim(), z.maxLength(CALLBACK_URL_MAX_LENGTH))),
      callbackFormat: CallbackFormatSchema,
    }),
    response: CallbackSettingsResultSchema,
  }),
  /** A new signing secret, shown once; the old one stops working at once. */
  renewSecret: defineEndpoint({
    service: 'customers',
    method: 'POST',
    path: '/customers/me/callback-secret',
    response: z.object({ callbackSecret: z.string() }),
    successStatus: 201,
  }),
  /** Sends a test callback to the saved URL (it appears in the delivery log). */
  sendTest: defineEndpoint({
    service: 'customers',
    method: 'POST',
    path: '/customers/me/callback-test',
    response: CallbackDeliverySchema,
    successStatus: 202,
  }),
};
