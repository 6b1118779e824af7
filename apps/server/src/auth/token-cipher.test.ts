import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher';

describe('token cipher', () => {
  const cipher = createTokenCipher(randomBytes(32));

  it('gives back what it sealed, and never the same ciphertext twice', () => {
    const sealed = cipher.encrypt('refresh-token-value', 'row-1');
    expect(sealed).not.toContain('refresh-token-value');
    expect(cipher.encrypt('refresh-token-value', 'row-1')).not.toBe(sealed);
    expect(cipher.decrypt(sealed, 'row-1')).toBe('refresh-token-value');
  });

  it('refuses a ciphertext moved to another row, altered, or sealed with another key', () => {
    const sealed = cipher.encrypt('secret', 'row-1');
    expect(() => cipher.decrypt(sealed, 'row-2')).toThrow();
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'BB' : 'AA'}`;
    expect(() => cipher.decrypt(altered, 'row-1')).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(sealed, 'row-1')).toThrow();
  });
});
