import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_COST, type ScryptCost } from './password-cost';

export { PASSWORD_COST, type ScryptCost };

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

const keyLength = 32;
/** Longer passwords are refused: scrypt's cost grows with the input, and nobody types more. */
export const PASSWORD_MAX = 200;

/**
 * scrypt needs 128 * N * r bytes (128 MiB at the current cost) and Node refuses any cost above
 * `maxmem`, 32 MiB by default; twice the need leaves room for OpenSSL's own bookkeeping.
 */
const maxmemFor = (cost: ScryptCost) => 2 * 128 * cost.N * cost.r;

/** A self-describing hash: `scrypt$N$r$p$salt$key`, so the cost can rise later without a migration. */
export function hashPassword(password: string): Promise<string> {
  return hashPasswordAtCost(password, PASSWORD_COST);
}

/**
 * A hash at a cost of one's choosing: for the benchmark that compares costs and for tests of hashes
 * stored before the cost rose. Accounts are only ever given `hashPassword`'s.
 */
export async function hashPasswordAtCost(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, keyLength, { ...cost, maxmem: maxmemFor(cost) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | undefined {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return undefined;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((value) => Number.isSafeInteger(value) && value > 0)) return undefined;
  return { cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.key.length, {
    ...parsed.cost,
    maxmem: maxmemFor(parsed.cost),
  });
  return timingSafeEqual(actual, parsed.key);
}

/**
 * Whether a stored hash is weaker than one made today: any parameter below the current cost. Only
 * the password itself can make the new hash, so it is replaced where a sign-in has just checked it.
 */
export function passwordNeedsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.cost;
  return N < PASSWORD_COST.N || r < PASSWORD_COST.r || p < PASSWORD_COST.p;
}
