import { randomBytes } from 'node:crypto';
import {
  CALLBACK_LOG_SIZE,
  type CallbackDelivery,
  type CallbackFormat,
  type CallbackSettingsResult,
  type Integration,
} from '@photo/contracts/integration';
import { externalStatusOf } from '@photo/contracts/orders';
import type { TokenCipher } from '../auth/token-cipher';
import type { OrderStateChange } from '../orders/order-intake.service';
import type { IntegrationConfig } from '../config';
import type { CustomersService } from '../customers/customers.service';
import type { Caller } from '../platform/caller';
import type { Database, Queryable } from '../platform/database';
import { conflict, DomainError, forbidden } from '../platform/errors';
import { enqueueJob } from '../platform/job-queue';
import { uuidv7 } from '../platform/uuid';
import { CALLBACK_DELIVERY_JOB, CALLBACK_MAX_ATTEMPTS, secretContext } from './callback-delivery';
import { CallbackUrlRefused, type CheckCallbackUrl } from './callback-url-guard';
import type { CallbackPayload, DeliveryRecord, IntegrationRepository } from './integration.repository';

const refusedMessages: Record<CallbackUrlRefused['problem'], string> = {
  invalid: 'The callback URL is not a valid address',
  'not-https': 'The callback URL must start with https://',
  credentials: 'The callback URL must not contain a user name or password',
  'private-address': 'The callback URL must point at a public internet address',
  unresolvable: 'The callback URL’s host name could not be found',
};

const toDelivery = ({ customerId: _c, payload: _p, ...delivery }: DeliveryRecord): CallbackDelivery =>
  delivery;

/** Adds a callback to the log and its delivery job, in the caller's transaction. */
export async function enqueueCallback(
  tx: Queryable,
  integration: IntegrationRepository,
  customerId: string,
  content: Omit<CallbackPayload, 'deliveryId' | 'occurredAt'> & { occurredAt?: string },
): Promise<DeliveryRecord> {
  const id = uuidv7();
  const delivery = await integration.insertDelivery(tx, {
    id,
    customerId,
    payload: {
      deliveryId: id,
      event: content.event,
      occurredAt: content.occurredAt ?? new Date().toISOString(),
      order: content.order,
    },
  });
  await enqueueJob(tx, CALLBACK_DELIVERY_JOB, { deliveryId: id }, { maxAttempts: CALLBACK_MAX_ATTEMPTS });
  return delivery;
}

/**
 * A status change of one of the customer's orders: a callback when the customer is a business with a
 * callback URL, in the transaction that changed the order (none is lost, none is sent for a change
 * that was rolled back).
 */
export async function enqueueOrderStatusCallback(
  tx: Queryable,
  integration: IntegrationRepository,
  customerId: string,
  order: { orderCode: string; orderId: string; status: string; state: string; occurredAt?: string },
): Promise<void> {
  const settings = await integration.settings(customerId, tx);
  if (!settings?.isB2B || !settings.callbackUrl) return;
  const { occurredAt, ...reported } = order;
  await enqueueCallback(tx, integration, customerId, {
    event: 'order.status-changed',
    order: reported,
    ...(occurredAt ? { occurredAt } : {}),
  });
}

/**
 * The B2B integration (docs/product/b2b.md, states.md, roles.md, calls.md): FTP instructions and the callback settings. Only business
 * customers have one; the signing secret is made when a URL is first saved and shown that once.
 */
export function createIntegrationService(deps: {
  db: Database;
  integration: IntegrationRepository;
  customers: CustomersService;
  checkUrl: CheckCallbackUrl;
  cipher: TokenCipher;
  config: IntegrationConfig;
}) {
  const { integration } = deps;

  const businessSettings = async (caller: Caller) => {
    const settings = caller.isB2B ? await integration.settings(caller.customerId) : undefined;
    if (!settings?.isB2B) throw forbidden('The integration is for business customers only');
    return settings;
  };

  const newSecret = async (customerId: string) => {
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    await integration.saveSecret(customerId, deps.cipher.encrypt(secret, secretContext(customerId)));
    return secret;
  };

  return {
    async get(caller: Caller): Promise<Integration> {
      const settings = await businessSettings(caller);
      const profile = await deps.customers.getProfile(caller);
      return {
        ftp: {
          host: deps.config.ftpHost,
          port: deps.config.ftpPort,
          user: profile.email,
          folders: deps.config.ftpFolders,
        },
        callbackUrl: settings.callbackUrl,
        callbackFormat: settings.callbackFormat,
        hasSecret: settings.sealedSecret !== null,
        deliveries: (await integration.latestDeliveries(caller.customerId, CALLBACK_LOG_SIZE)).map(
          toDelivery,
        ),
      };
    },

    async updateCallback(
      caller: Caller,
      input: { callbackUrl: string | null; callbackFormat: CallbackFormat },
    ): Promise<CallbackSettingsResult> {
      const settings = await businessSettings(caller);
      const url = input.callbackUrl === '' ? null : input.callbackUrl;
      if (url !== null) {
        try {
          await deps.checkUrl(url);
        } catch (error) {
          if (!(error instanceof CallbackUrlRefused)) throw error;
          throw new DomainError(
            'callback_url_refused',
            422,
            refusedMessages[error.problem],
            'body.callbackUrl',
          );
        }
      }
      await integration.saveCallback(caller.customerId, url, input.callbackFormat);
      const callbackSecret =
        url !== null && settings.sealedSecret === null ? await newSecret(caller.customerId) : null;
      return { ...(await deps.customers.getProfile(caller)), callbackSecret };
    },

    async renewSecret(caller: Caller): Promise<{ callbackSecret: string }> {
      await businessSettings(caller);
      return { callbackSecret: await newSecret(caller.customerId) };
    },

    async sendTest(caller: Caller): Promise<CallbackDelivery> {
      const settings = await businessSettings(caller);
      if (!settings.callbackUrl) throw conflict('Save a callback URL first');
      const delivery = await deps.db.transaction((tx) =>
        enqueueCallback(tx, integration, caller.customerId, { event: 'test', order: null }),
      );
      return toDelivery(delivery);
    },

    /** Listens to the shop's order state changes (shop-side API). */
    onOrderStateChanged: (tx: Queryable, change: OrderStateChange) =>
      enqueueOrderStatusCallback(tx, integration, change.customerId, {
        orderCode: change.superOrderCode,
        orderId: change.orderId,
        status: externalStatusOf[change.state],
        state: change.state,
        occurredAt: change.changedAt.toISOString(),
      }),
  };
}

export type IntegrationService = ReturnType<typeof createIntegrationService>;
