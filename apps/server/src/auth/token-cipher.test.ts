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
    expect(() => cipher.decrypt(withBodyByteFlipped(sealed, 0), 'row-1')).toThrow();
    expect(() => cipher.decrypt(withBodyByteFlipped(sealed, -1), 'row-1')).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(sealed, 'row-1')).toThrow();
  });
});

/**
 * Changes one real byte of the ciphertext (or, at -1, of its tag). Editing the base64 text instead
 * can land on padding bits that decode to the same bytes, which made an earlier version of this
 * test pass a forged value about once in a few hundred runs.
 */
function withBodyByteFlipped(sealed: string, index: number): string {
  const [version, iv, bodyText] = sealed.split('.');
  const body = Buffer.from(bodyText ?? '', 'base64url');
  const at = index < 0 ? body.length + index : index;
  body.writeUInt8(body.readUInt8(at) ^ 0x01, at);
  return [version, iv, body.toString('base64url')].join('.');
}
