import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { AuthSecretsRepository } from './auth-secrets.repository';

/** Access and ID tokens are signed with ES256: small signatures, fast to verify on every API call. */
export const SIGNING_ALGORITHM = 'ES256';

export interface AuthSecrets {
  /** Private keys the embedded providers sign with (the first one signs). */
  signingKeys: JWK[];
  /** The same keys without their private part: what a token is verified against. */
  verificationKeys: JWK[];
  /** Keys the providers sign their cookies with. */
  cookieKeys: string[];
  /** The secret of the account area's confidential client. */
  clientSecret: string;
  /** AES-256 key for tokens and PKCE verifiers at rest. */
  tokenKey: Buffer;
}

async function makeSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALGORITHM, use: 'sig' };
}

const randomSecret = (bytes: number) => randomBytes(bytes).toString('base64url');

/** Reads the sign-in secrets, making each the first time any replica starts. */
export async function loadAuthSecrets(secrets: AuthSecretsRepository): Promise<AuthSecrets> {
  const signingKeys = await secrets.getOrCreate('oidc.signing-keys', async () => [await makeSigningKey()]);
  const cookieKeys = await secrets.getOrCreate('oidc.cookie-keys', async () => [randomSecret(32)]);
  const clientSecret = await secrets.getOrCreate('oidc.client-secret', async () => randomSecret(32));
  const tokenKey = await secrets.getOrCreate('auth.token-key', async () => randomSecret(32));
  return {
    signingKeys,
    verificationKeys: signingKeys.map(({ d: _private, ...publicPart }) => publicPart),
    cookieKeys,
    clientSecret,
    tokenKey: Buffer.from(tokenKey, 'base64url'),
  };
}
