export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's minimum for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1. About 260 ms and
 * 128 MiB per guess on our cores (`bench/password.bench.ts`, decision 118). Hashes made at a lower
 * cost are replaced at the customer's next sign-in (`passwordNeedsRehash`).
 *
 * A module of its own only so that the unit tests can replace it (`src/testing/password-cost.setup.ts`,
 * loaded by Vitest alone): there is no setting, variable or argument that lowers it in the product.
 */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
