import { z } from 'zod/mini';
import { newsletterStatuses } from './newsletter';
import { defineShopEndpoint } from './shop-api';

export const ShopNewsletterSubscriberSchema = z.object({
  accountId: z.string(),
  /** The storefront the customer subscribed on: its newsletter is the one they agreed to. */
  storefront: z.string(),
  /** Send the newsletter only while this is `subscribed` (`pending`: not confirmed yet). */
  status: z.enum(newsletterStatuses),
  /** The subscriber's one-click unsubscribe address (RFC 8058): signed, personal, without expiry. */
  unsubscribeUrl: z.url(),
  /** The two headers every newsletter mail to this subscriber carries, exactly as they are to be sent. */
  listHeaders: z.object({
    'List-Unsubscribe': z.string(),
    'List-Unsubscribe-Post': z.string(),
  }),
});
export type ShopNewsletterSubscriber = z.infer<typeof ShopNewsletterSubscriberSchema>;

/**
 * The shop's marketing tool sends the newsletter; this product keeps the consent and the unsubscribe
 * address its mails must carry (docs/shop-integration.md, decision 119).
 */
export const shopNewsletterApi = {
  getSubscriber: defineShopEndpoint({
    method: 'GET',
    path: '/v1/newsletter/subscribers/:accountId',
    params: z.object({ accountId: z.uuid() }),
    response: ShopNewsletterSubscriberSchema,
  }),
};
