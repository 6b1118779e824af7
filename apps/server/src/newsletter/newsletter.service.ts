import { randomBytes } from 'node:crypto';
import { CONFIRMATION_LINK_HOURS, CONFIRMATION_TOKEN_PARAM } from '@photo/contracts/identities';
import {
  NEWSLETTER_CONSENT_VERSION,
  NEWSLETTER_ONE_CLICK_PATH,
  type NewsletterStatus,
} from '@photo/contracts/newsletter';
import { hashSecret } from '../auth/sessions.service';
import { createCustomersRepository } from '../customers/customers.repository';
import { enqueueMail } from '../mail/mail-outbox.service';
import type { Caller } from '../platform/caller';
import type { Database } from '../platform/database';
import { invalid, notFound } from '../platform/errors';
import { rateLimitExceeded, rateLimits } from '../platform/rate-limits';
import type { RateWindows } from '../platform/rate-windows';
import type { ResolvedStorefront, StorefrontResolver } from '../storefronts/storefronts';
import { newsletterConfirmationMail } from './newsletter.mails';
import { createNewsletterRepository, type SubscriberRecord } from './newsletter.repository';
import type { Subscriber, UnsubscribeTokens } from './unsubscribe-tokens';

export const SUBSCRIPTION_CONFIRMATION_PATH = '/subscription-confirmation';

/** A subscriber's one-click unsubscribe address, for their mails' List-Unsubscribe headers. */
export interface UnsubscribeAddress extends SubscriberRecord {
  unsubscribeUrl: string;
}

/**
 * The email gateway's newsletter part (docs/product/calls.md, issue 12): double opt-in with proof of consent, and
 * one-click unsubscribe by a signed per-subscriber address (RFC 8058, decision 119).
 */
export function createNewsletterService(deps: {
  db: Database;
  rateWindows: RateWindows;
  unsubscribeTokens: UnsubscribeTokens;
  storefronts: Pick<StorefrontResolver, 'byId'>;
}) {
  const { db, unsubscribeTokens } = deps;
  const subscriptions = createNewsletterRepository(db);
  const unsubscribeUrlFor = (subscriber: Subscriber, origin: string) =>
    `${origin}${NEWSLETTER_ONE_CLICK_PATH}/${unsubscribeTokens.tokenFor(subscriber)}`;
  const customerOfToken = (token: string, storefrontId: string): string => {
    const customerId = unsubscribeTokens.customerOf(token, storefrontId);
    if (!customerId) throw notFound('This unsubscribe address is not valid');
    return customerId;
  };

  return {
    status: async (caller: Caller): Promise<{ status: NewsletterStatus }> => ({
      status: await subscriptions.statusOf(caller.customerId),
    }),

    async subscribe(
      caller: Caller,
      body: { consentTextVersion: string; locale?: string | undefined },
      storefront: ResolvedStorefront,
    ): Promise<{ status: NewsletterStatus }> {
      if (body.consentTextVersion !== NEWSLETTER_CONSENT_VERSION) {
        throw invalid('body.consentTextVersion', 'Unknown consent text');
      }
      const customer = await createCustomersRepository(db).findById(caller.customerId);
      if (!customer || customer.deleted) throw notFound('Customer not found');
      if ((await subscriptions.statusOf(customer.id)) === 'subscribed') return { status: 'subscribed' };
      const limit = rateLimits.newsletterConfirmations;
      const { count } = await deps.rateWindows.hit(`newsletter:${customer.id}`, limit.windowSeconds);
      if (count > limit.max) throw rateLimitExceeded(limit, 'Too many requests; try again later');
      const { locales } = storefront.storefront;
      const locale = body.locale && locales.includes(body.locale) ? body.locale : locales[0]!;
      const confirmToken = randomBytes(32).toString('base64url');
      const email = encodeURIComponent(customer.email);
      const subscriber = { customerId: customer.id, storefrontId: storefront.storefront.id };
      await db.transaction(async (tx) => {
        await createNewsletterRepository(tx).request({
          customerId: customer.id,
          email: customer.email,
          storefrontId: storefront.storefront.id,
          locale,
          consentTextVersion: body.consentTextVersion,
          confirmTokenHash: hashSecret(confirmToken),
          ttlSeconds: CONFIRMATION_LINK_HOURS * 60 * 60,
        });
        await enqueueMail(tx, {
          template: newsletterConfirmationMail,
          params: {
            firstName: customer.firstName,
            confirmUrl: `${storefront.origin}${SUBSCRIPTION_CONFIRMATION_PATH}?${CONFIRMATION_TOKEN_PARAM}=${confirmToken}&email=${email}`,
            unsubscribeUrl: unsubscribeUrlFor(subscriber, storefront.origin),
            hours: CONFIRMATION_LINK_HOURS,
          },
          to: customer.email,
          storefront,
          locale,
        });
      });
      return { status: 'pending' };
    },

    async unsubscribe(caller: Caller): Promise<{ status: NewsletterStatus }> {
      await subscriptions.unsubscribe(caller.customerId);
      return { status: 'none' };
    },

    /** From the mailed link, no sign-in needed; an unknown, used or expired link answers 404. */
    async confirm(email: string, token: string, ip: string): Promise<void> {
      if (!(await subscriptions.confirm(email, hashSecret(token), ip))) {
        throw notFound('This link is no longer valid');
      }
    },

    /** The link of a confirmation mail written before the signed address (decision 119). */
    async unsubscribeByLink(email: string, token: string): Promise<void> {
      if (!(await subscriptions.unsubscribeByLink(email, hashSecret(token)))) {
        throw notFound('This link is no longer valid');
      }
    },

    /** Before the page with the button: a token that is not ours for this storefront is a 404. */
    checkUnsubscribeToken(token: string, storefrontId: string): void {
      customerOfToken(token, storefrontId);
    },

    /**
     * RFC 8058 one-click unsubscribe, without sign-in: the signed token is the credential. Repeating it,
     * or a subscriber who is no longer subscribed, changes nothing and answers the same; a token that
     * is not ours for this storefront answers 404 and changes nothing.
     */
    async unsubscribeByToken(token: string, storefrontId: string): Promise<void> {
      await subscriptions.unsubscribeFrom(customerOfToken(token, storefrontId), storefrontId);
    },

    /** For the shop's marketing tool: a customer's subscription and the address its mails must carry. */
    async unsubscribeAddress(customerId: string): Promise<UnsubscribeAddress> {
      const subscriber = await subscriptions.findSubscriber(customerId);
      if (!subscriber) throw notFound('This account has no newsletter subscription');
      const { origin } = deps.storefronts.byId(subscriber.storefrontId);
      return { ...subscriber, unsubscribeUrl: unsubscribeUrlFor(subscriber, origin) };
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
