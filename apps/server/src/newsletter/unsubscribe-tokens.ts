import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AuthSecretsRepository } from '../auth/auth-secrets.repository';

/**
 * The key version new unsubscribe tokens are signed with. Raising it rotates the key: tokens of
 * every earlier version keep working as long as their key stays in `app_secrets` (decision 119).
 */
export const UNSUBSCRIBE_KEY_VERSION = 1;

/** Who a token unsubscribes: the newsletter is one subscription per customer, made on one storefront. */
export interface Subscriber {
  customerId: string;
  storefrontId: string;
}

export const unsubscribeKeyName = (version: number) => `newsletter.unsubscribe-key.v${version}`;

/** The keys of every version up to `current`, each made the first time any replica asks for it. */
export async function loadUnsubscribeKeys(
  secrets: AuthSecretsRepository,
  current: number = UNSUBSCRIBE_KEY_VERSION,
): Promise<Map<number, Buffer>> {
  const keys = new Map<number, Buffer>();
  for (let version = 1; version <= current; version += 1) {
    const key = await secrets.getOrCreate(unsubscribeKeyName(version), async () =>
      randomBytes(32).toString('base64url'),
    );
    keys.set(version, Buffer.from(key, 'base64url'));
  }
  return keys;
}

// version . customer id (16 bytes) . HMAC-SHA256 (32 bytes), both base64url without padding.
const tokenPattern = /^(\d{1,3})\.([\w-]{22})\.([\w-]{43})$/;

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * Signed per-subscriber unsubscribe tokens for the one-click unsubscribe address (RFC 8058). A token
 * is `{version}.{customer id}.{HMAC}`: the MAC covers the version, the customer and the storefront,
 * so a token works only for its own subscriber, only on its storefront's address, and cannot be made
 * without the server's key. It does not expire: the address lives in mails people keep for years,
 * and unsubscribing must work from every one of them (RFC 8058 asks for a long-lived address).
 */
export function createUnsubscribeTokens(
  keys: ReadonlyMap<number, Buffer>,
  currentVersion: number = UNSUBSCRIBE_KEY_VERSION,
) {
  const currentKey = keys.get(currentVersion);
  if (!currentKey) throw new Error(`No unsubscribe key of version ${currentVersion}`);

  // The purpose is part of what is signed, so a MAC made with this key can never pass for another use.
  const mac = (key: Buffer, version: number, subscriber: Subscriber) =>
    createHmac('sha256', key)
      .update(`newsletter-unsubscribe\n${version}\n${subscriber.customerId}\n${subscriber.storefrontId}`)
      .digest('base64url');

  return {
    tokenFor(subscriber: Subscriber): string {
      const customer = uuidBytes(subscriber.customerId).toString('base64url');
      return `${currentVersion}.${customer}.${mac(currentKey, currentVersion, subscriber)}`;
    },

    /** The customer a token names when it was signed for this storefront with one of our keys. */
    customerOf(token: string, storefrontId: string): string | undefined {
      const match = tokenPattern.exec(token);
      if (!match) return undefined;
      const [, versionText, customerText, macText] = match as unknown as [string, string, string, string];
      const version = Number(versionText);
      const key = keys.get(version);
      if (!key || String(version) !== versionText) return undefined;
      const bytes = Buffer.from(customerText, 'base64url');
      // A base64 text has spare bits in its last letter: only the one spelling we write is accepted,
      // so no second token for the same subscriber can be made by editing a letter.
      if (bytes.length !== 16 || bytes.toString('base64url') !== customerText) return undefined;
      const customerId = uuidOf(bytes);
      const expected = Buffer.from(mac(key, version, { customerId, storefrontId }));
      const given = Buffer.from(macText);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return customerId;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
