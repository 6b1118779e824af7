import { describe, expect, it, vi } from 'vitest';
import {
  PASSWORD_COST,
  hashPassword,
  hashPasswordAtCost,
  passwordNeedsRehash,
  verifyPassword,
} from './password';

// The product's cost, not the cheap one the other test files hash with (testing/password-cost.setup.ts).
vi.unmock('./password-cost');

/** The cost before decision 118: hashes like this one are still stored. */
const OLD_COST = { N: 2 ** 15, r: 8, p: 1 };

describe('password hashes', () => {
  it('are scrypt at OWASP’s minimum or stronger, and say so in the hash', async () => {
    expect(PASSWORD_COST.N).toBeGreaterThanOrEqual(2 ** 17);
    expect(PASSWORD_COST.r).toBeGreaterThanOrEqual(8);
    expect(PASSWORD_COST.p).toBeGreaterThanOrEqual(1);
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(passwordNeedsRehash(hash)).toBe(false);
  });

  it('still verify at the old cost, which is marked for replacement', async () => {
    const old = await hashPasswordAtCost('correct horse', OLD_COST);
    expect(old).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('correct horse', old)).toBe(true);
    expect(await verifyPassword('wrong', old)).toBe(false);
    expect(passwordNeedsRehash(old)).toBe(true);
    expect(passwordNeedsRehash(old.replace('$8$1$', '$4$1$').replace('32768', '131072'))).toBe(true);
  });

  it('refuse what is not one of their hashes', async () => {
    for (const stored of ['', 'bcrypt$x', 'scrypt$0$8$1$c2FsdA$a2V5', 'scrypt$abc$8$1$c2FsdA$a2V5']) {
      expect(await verifyPassword('x', stored)).toBe(false);
      expect(passwordNeedsRehash(stored)).toBe(false);
    }
  });
});
