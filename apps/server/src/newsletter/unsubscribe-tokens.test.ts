import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuthSecretsRepository } from '../auth/auth-secrets.repository';
import { createUnsubscribeTokens, loadUnsubscribeKeys, unsubscribeKeyName } from './unsubscribe-tokens';

const ada = { customerId: randomUUID(), storefrontId: 'nl' };
const eve = { customerId: randomUUID(), storefrontId: 'nl' };

/** Changes one real byte of the token's customer (part 1) or MAC (part 2), not a base64 spare bit. */
function withByteFlipped(token: string, part: 1 | 2, index: number): string {
  const parts = token.split('.');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes.writeUInt8(bytes.readUInt8(index) ^ 0x01, index);
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

/** An in-memory `app_secrets`: what every replica would read. */
function memorySecrets(): AuthSecretsRepository & { names(): string[] } {
  const values = new Map<string, unknown>();
  return {
    async getOrCreate<T>(name: string, make: () => Promise<T>): Promise<T> {
      if (!values.has(name)) values.set(name, await make());
      return values.get(name) as T;
    },
    names: () => [...values.keys()],
  };
}

describe('newsletter unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens(new Map([[1, randomBytes(32)]]), 1);

  it('name their own subscriber on their own storefront, and no other', () => {
    const token = tokens.tokenFor(ada);
    expect(token).toMatch(/^1\.[\w-]{22}\.[\w-]{43}$/);
    expect(tokens.tokenFor(ada)).toBe(token);
    expect(tokens.customerOf(token, 'nl')).toBe(ada.customerId);
    expect(tokens.customerOf(tokens.tokenFor(eve), 'nl')).toBe(eve.customerId);
    // The same customer's token is not valid on another storefront's address.
    expect(tokens.customerOf(token, 'uk')).toBeUndefined();
  });

  it("refuses a token with another subscriber's id put in, or any byte altered", () => {
    const token = tokens.tokenFor(ada);
    const [version, , mac] = token.split('.');
    const eveId = Buffer.from(eve.customerId.replace(/-/g, ''), 'hex').toString('base64url');
    expect(tokens.customerOf(`${version}.${eveId}.${mac}`, 'nl')).toBeUndefined();
    for (const index of [0, 15])
      expect(tokens.customerOf(withByteFlipped(token, 1, index), 'nl')).toBeUndefined();
    for (const index of [0, 31])
      expect(tokens.customerOf(withByteFlipped(token, 2, index), 'nl')).toBeUndefined();
  });

  it('accepts only the one spelling it writes', () => {
    const token = tokens.tokenFor(ada);
    const [version, customer, mac] = token.split('.') as [string, string, string];
    // The last letter of 16 bytes in base64 carries 4 spare bits: another letter, the same bytes.
    const last = customer.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = alphabet[alphabet.indexOf(last) ^ 0b0001]!;
    const respelled = `${customer.slice(0, -1)}${sameBytes}`;
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(customer, 'base64url'));
    expect(tokens.customerOf(`${version}.${respelled}.${mac}`, 'nl')).toBeUndefined();
    expect(tokens.customerOf(`0${token}`, 'nl')).toBeUndefined();
    for (const malformed of [
      '',
      '1',
      `${token}.`,
      token.replace(/\./g, '-'),
      `${token}=`,
      token.slice(0, -1),
    ]) {
      expect(tokens.customerOf(malformed, 'nl')).toBeUndefined();
    }
  });

  it('refuses a token signed with another key', () => {
    const forged = createUnsubscribeTokens(new Map([[1, randomBytes(32)]]), 1).tokenFor(ada);
    expect(tokens.customerOf(forged, 'nl')).toBeUndefined();
  });

  it('keeps accepting tokens of an earlier key once a new version signs, and none of an unknown version', () => {
    const first = randomBytes(32);
    const before = createUnsubscribeTokens(new Map([[1, first]]), 1);
    const after = createUnsubscribeTokens(
      new Map([
        [1, first],
        [2, randomBytes(32)],
      ]),
      2,
    );
    const old = before.tokenFor(ada);
    expect(after.tokenFor(ada)).toMatch(/^2\./);
    expect(after.customerOf(old, 'nl')).toBe(ada.customerId);
    expect(before.customerOf(after.tokenFor(ada), 'nl')).toBeUndefined();
    // The version is signed too: an old token relabelled as the new version is refused.
    expect(after.customerOf(`2${old.slice(1)}`, 'nl')).toBeUndefined();
  });

  it('makes each key once, under its version, and reads the same one afterwards', async () => {
    const secrets = memorySecrets();
    const first = await loadUnsubscribeKeys(secrets, 1);
    const again = await loadUnsubscribeKeys(secrets, 2);
    expect(secrets.names()).toEqual([unsubscribeKeyName(1), unsubscribeKeyName(2)]);
    expect(again.get(1)).toEqual(first.get(1));
    expect(again.get(2)).not.toEqual(first.get(1));
    const token = createUnsubscribeTokens(first, 1).tokenFor(ada);
    expect(createUnsubscribeTokens(again, 2).customerOf(token, 'nl')).toBe(ada.customerId);
  });
});
