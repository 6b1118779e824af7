import { vi } from 'vitest';

/**
 * Loaded by Vitest before each server test file, never by the product (decision 118). Hundreds of
 * tests create accounts and sign in; at the product's scrypt cost (about 260 ms and 128 MiB each) that
 * nearly doubled the time of the auth-heavy test files. What the cost is, and that old hashes are
 * replaced, is tested by `auth/password.test.ts`, which takes this replacement back (`vi.unmock`).
 */
vi.mock('../auth/password-cost', () => ({ PASSWORD_COST: { N: 2 ** 10, r: 8, p: 1 } }));
