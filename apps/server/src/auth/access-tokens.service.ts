import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import type { Caller } from '../platform/caller';
import { unauthorized } from '../platform/errors';
import { issuerFor } from '../storefronts/storefront-config.service';
import type { ResolvedStorefront } from '../storefronts/storefronts';
import { API_AUDIENCE } from './auth-paths';
import { SIGNING_ALGORITHM } from './auth-secrets.service';

/** B2B is an authentication-method claim equal to `b2b`, compared case-insensitively (docs/product/roles.md). */
export function isB2BFromAmr(amr: unknown): boolean {
  return (
    Array.isArray(amr) && amr.some((value) => typeof value === 'string' && value.toLowerCase() === 'b2b')
  );
}

/** Tokens verified and kept: one per signed-in customer's current access token is plenty. */
const VERIFIED_TOKENS_KEPT = 5_000;
/** How long a verified token is taken as verified without checking its signature again. */
const VERIFIED_TOKEN_MS = 60_000;

/**
 * Checks a bearer access token the way every service must: signature against the issuer's keys,
 * issuer equal to THIS storefront's (a token of another storefront is refused), audience, expiry.
 * A token that passed is remembered for a minute (never past its expiry), keyed by the token and the
 * storefront it was checked for: the ES256 signature check was most of a signed-in call's CPU, and a
 * page makes several calls with the same token (decision 143). The keys are fixed for the process
 * and a token cannot change, so a remembered answer is the answer a new check would give.
 */
export function createAccessTokenVerifier(verificationKeys: JWK[]) {
  // The embedded issuers' keys are in process: no JWKS fetch on the request path.
  const keySet = createLocalJWKSet({ keys: verificationKeys });
  const verified = new Map<string, { caller: Caller; until: number }>();
  return {
    async verify(token: string, resolved: ResolvedStorefront): Promise<Caller> {
      const issuer = issuerFor(resolved);
      const key = `${resolved.storefront.id} ${issuer} ${token}`;
      const known = verified.get(key);
      if (known && Date.now() < known.until) return { ...known.caller };
      if (known) verified.delete(key);
      try {
        const { payload } = await jwtVerify(token, keySet, {
          issuer,
          audience: API_AUDIENCE,
          typ: 'at+jwt',
          algorithms: [SIGNING_ALGORITHM],
          requiredClaims: ['sub', 'exp'],
        });
        const caller: Caller = {
          customerId: payload.sub!,
          isB2B: isB2BFromAmr(payload.amr),
          storefrontId: resolved.storefront.id,
        };
        // jose refuses a token from its `exp` second on; so does the cache.
        const until = Math.min(payload.exp! * 1000, Date.now() + VERIFIED_TOKEN_MS);
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
        verified.set(key, { caller, until });
        return { ...caller };
      } catch {
        throw unauthorized('The access token is not valid for this shop, or has expired');
      }
    },
  };
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;
