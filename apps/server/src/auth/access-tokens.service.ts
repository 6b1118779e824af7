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

/**
 * Checks a bearer access token the way every service must: signature against the issuer's keys,
 * issuer equal to THIS storefront's (a token of another storefront is refused), audience, expiry.
 */
export function createAccessTokenVerifier(verificationKeys: JWK[]) {
  // The embedded issuers' keys are in process: no JWKS fetch on the request path.
  const keySet = createLocalJWKSet({ keys: verificationKeys });
  return {
    async verify(token: string, resolved: ResolvedStorefront): Promise<Caller> {
      try {
        const { payload } = await jwtVerify(token, keySet, {
          issuer: issuerFor(resolved),
          audience: API_AUDIENCE,
          typ: 'at+jwt',
          algorithms: [SIGNING_ALGORITHM],
          requiredClaims: ['sub', 'exp'],
        });
        return {
          customerId: payload.sub!,
          isB2B: isB2BFromAmr(payload.amr),
          storefrontId: resolved.storefront.id,
        };
      } catch {
        throw unauthorized('The access token is not valid for this shop, or has expired');
      }
    },
  };
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;
