import type { NewsletterStatus } from '@photo/contracts/newsletter';
import type { Queryable } from '../platform/database';

export interface PendingSubscription {
  customerId: string;
  email: string;
  storefrontId: string;
  locale: string;
  consentTextVersion: string;
  confirmTokenHash: string;
  ttlSeconds: number;
}

/** A subscription as the shop's marketing tool sees it: where it was made, and whether it is live. */
export interface SubscriberRecord {
  customerId: string;
  storefrontId: string;
  status: NewsletterStatus;
}

// A pending request whose link expired is no subscription at all, for the customer and for the shop.
const STATUS = `CASE
  WHEN status = 'subscribed' THEN 'subscribed'
  WHEN status = 'pending' AND confirm_expires_at > now() THEN 'pending'
  ELSE 'none' END`;

export function createNewsletterRepository(db: Queryable) {
  return {
    async statusOf(customerId: string): Promise<NewsletterStatus> {
      const { rows } = await db.query<{ status: NewsletterStatus }>(
        `SELECT ${STATUS} AS status FROM newsletter_subscriptions WHERE customer_id = $1`,
        [customerId],
      );
      return rows[0]?.status ?? 'none';
    },

    async findSubscriber(customerId: string): Promise<SubscriberRecord | undefined> {
      const { rows } = await db.query<{ storefront_id: string; status: NewsletterStatus }>(
        `SELECT storefront_id, ${STATUS} AS status FROM newsletter_subscriptions WHERE customer_id = $1`,
        [customerId],
      );
      return rows[0] && { customerId, storefrontId: rows[0].storefront_id, status: rows[0].status };
    },

    /**
     * A new request: the earlier consent (if any) is replaced by the one now asked for. The mail links
     * to the signed unsubscribe address, so the random link secret of an earlier mail goes.
     */
    async request(subscription: PendingSubscription): Promise<void> {
      await db.query(
        `INSERT INTO newsletter_subscriptions (customer_id, email, status, storefront_id, locale,
           consent_text_version, confirm_token_hash, confirm_expires_at, unsubscribe_token_hash)
         VALUES ($1, $2, 'pending', $3, $4, $5, $6, now() + $7::integer * interval '1 second', NULL)
         ON CONFLICT (customer_id) DO UPDATE SET email = EXCLUDED.email, status = 'pending',
           storefront_id = EXCLUDED.storefront_id, locale = EXCLUDED.locale,
           consent_text_version = EXCLUDED.consent_text_version,
           confirm_token_hash = EXCLUDED.confirm_token_hash, confirm_expires_at = EXCLUDED.confirm_expires_at,
           unsubscribe_token_hash = EXCLUDED.unsubscribe_token_hash, requested_at = now(),
           confirmed_at = NULL, confirmed_ip = NULL, unsubscribed_at = NULL`,
        [
          subscription.customerId,
          subscription.email,
          subscription.storefrontId,
          subscription.locale,
          subscription.consentTextVersion,
          subscription.confirmTokenHash,
          subscription.ttlSeconds,
        ],
      );
    },

    /** Uses the confirmation link up; the proof of consent is the row as it is then. */
    async confirm(email: string, tokenHash: string, ip: string): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE newsletter_subscriptions SET status = 'subscribed', confirmed_at = now(), confirmed_ip = $3,
           confirm_token_hash = NULL
         WHERE confirm_token_hash = $2 AND lower(email) = lower($1) AND status = 'pending'
           AND confirm_expires_at > now()
         RETURNING customer_id`,
        [email, tokenHash, ip],
      );
      return rows.length > 0;
    },

    /** The random link secret of mails written before decision 119; new mails carry a signed address. */
    async unsubscribeByLink(email: string, tokenHash: string): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE newsletter_subscriptions SET status = 'unsubscribed',
           unsubscribed_at = coalesce(unsubscribed_at, now()), confirm_token_hash = NULL
         WHERE unsubscribe_token_hash = $2 AND lower(email) = lower($1) RETURNING customer_id`,
        [email, tokenHash],
      );
      return rows.length > 0;
    },

    /**
     * The one-click unsubscribe of a signed token: the subscription made on the token's storefront. One
     * the customer has since made on another storefront is another list's, left as it is.
     */
    async unsubscribeFrom(customerId: string, storefrontId: string): Promise<void> {
      await db.query(
        `UPDATE newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = now(),
           confirm_token_hash = NULL
         WHERE customer_id = $1 AND storefront_id = $2 AND status <> 'unsubscribed'`,
        [customerId, storefrontId],
      );
    },

    async unsubscribe(customerId: string): Promise<void> {
      await db.query(
        `UPDATE newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = now(),
           confirm_token_hash = NULL
         WHERE customer_id = $1 AND status <> 'unsubscribed'`,
        [customerId],
      );
    },

    /** The subscription follows the account's address when it changes. */
    async moveTo(customerId: string, email: string): Promise<void> {
      await db.query('UPDATE newsletter_subscriptions SET email = $2 WHERE customer_id = $1', [
        customerId,
        email,
      ]);
    },
  };
}
