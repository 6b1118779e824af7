import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  CALLBACK_DELIVERY_HEADER,
  CALLBACK_SIGNATURE_HEADER,
  CALLBACK_TIMESTAMP_HEADER,
  type CallbackFormat,
} from '@photo/contracts/integration';
import type { TokenCipher } from '../auth/token-cipher';
import { PermanentJobError, type BackgroundWork, type Job } from '../platform/job-queue';
import { CallbackUrlRefused, type CallbackTarget, type CheckCallbackUrl } from './callback-url-guard';
import type { CallbackPayload, IntegrationRepository } from './integration.repository';

export const CALLBACK_DELIVERY_JOB = 'integration.callback-delivery';
export const CALLBACK_LOG_HOUSEKEEPING_JOB = 'integration.callback-log-housekeeping';
/** How long the delivery log keeps a finished delivery. */
export const CALLBACK_LOG_DAYS = 90;
/** Attempts per callback: the first and five retries with the queue's backoff (2 s ... 32 s). */
export const CALLBACK_MAX_ATTEMPTS = 6;
const REQUEST_TIMEOUT_MS = 10_000;

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
  );

/** The body of a callback in the customer's format. */
export function callbackBody(
  payload: CallbackPayload,
  format: CallbackFormat,
): { body: string; contentType: string } {
  if (format === 'JSON') return { body: JSON.stringify(payload), contentType: 'application/json' };
  const element = (name: string, value: string) => `<${name}>${xmlEscape(value)}</${name}>`;
  const order = payload.order
    ? `<order>${element('orderCode', payload.order.orderCode)}${element('orderId', payload.order.orderId)}` +
      `${element('status', payload.order.status)}${element('state', payload.order.state)}</order>`
    : '<order/>';
  return {
    body:
      '<?xml version="1.0" encoding="UTF-8"?>' +
      `<callback>${element('deliveryId', payload.deliveryId)}${element('event', payload.event)}` +
      `${element('occurredAt', payload.occurredAt)}${order}</callback>`,
    contentType: 'application/xml; charset=utf-8',
  };
}

/** `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}`: the receiver checks both, so an old body replayed fails. */
export function callbackSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export const secretContext = (customerId: string) => `callback-secret:${customerId}`;

/** One POST to the checked address; redirects are answers like any other (never followed). */
function post(
  target: CallbackTarget,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number }> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('The receiver did not answer in time')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * The callback job: the URL is checked again (DNS may have changed since it was saved), the body
 * signed with the customer's current secret and posted; each attempt is written to the delivery log.
 */
export function createCallbackWork(deps: {
  integration: IntegrationRepository;
  checkUrl: CheckCallbackUrl;
  cipher: TokenCipher;
}): BackgroundWork {
  const { integration } = deps;
  const deliver = async (job: Job) => {
    const { deliveryId } = job.payload as { deliveryId: string };
    const delivery = await integration.findDelivery(deliveryId);
    if (!delivery) return;
    const settings = await integration.settings(delivery.customerId);
    const fail = async (error: string, responseStatus: number | null, final: boolean) => {
      await integration.recordAttempt(delivery.id, {
        state: final ? 'failed' : 'pending',
        attempts: job.attempts,
        responseStatus,
        error,
      });
      throw final ? new PermanentJobError(error) : new Error(error);
    };
    if (!settings?.callbackUrl || !settings.sealedSecret) return fail('No callback URL is set', null, true);

    let target: CallbackTarget;
    try {
      target = await deps.checkUrl(settings.callbackUrl);
    } catch (error) {
      if (error instanceof CallbackUrlRefused && error.problem !== 'unresolvable') {
        return fail(error.message, null, true);
      }
      return fail('The callback host could not be resolved', null, job.attempts >= job.maxAttempts);
    }
    const secret = deps.cipher.decrypt(settings.sealedSecret, secretContext(settings.customerId));
    const { body, contentType } = callbackBody(delivery.payload, settings.callbackFormat ?? 'JSON');
    const timestamp = Math.floor(Date.now() / 1000).toString();
    const final = job.attempts >= job.maxAttempts;
    let status: number;
    try {
      ({ status } = await post(
        target,
        {
          'content-type': contentType,
          'user-agent': 'PhotoShop-Callbacks/1',
          [CALLBACK_DELIVERY_HEADER]: delivery.id,
          [CALLBACK_TIMESTAMP_HEADER]: timestamp,
          [CALLBACK_SIGNATURE_HEADER]: callbackSignature(secret, timestamp, body),
        },
        body,
      ));
    } catch (error) {
      return fail(error instanceof Error ? error.message : 'The request failed', null, final);
    }
    if (status >= 200 && status < 300) {
      await integration.recordAttempt(delivery.id, {
        state: 'delivered',
        attempts: job.attempts,
        responseStatus: status,
        error: null,
      });
      return;
    }
    return fail(`The receiver answered ${status}`, status, final);
  };
  return {
    handlers: {
      [CALLBACK_DELIVERY_JOB]: deliver,
      [CALLBACK_LOG_HOUSEKEEPING_JOB]: async () => {
        await integration.deleteFinishedBefore(CALLBACK_LOG_DAYS);
      },
    },
    schedules: [
      { name: CALLBACK_LOG_HOUSEKEEPING_JOB, kind: CALLBACK_LOG_HOUSEKEEPING_JOB, everySeconds: 86_400 },
    ],
  };
}
