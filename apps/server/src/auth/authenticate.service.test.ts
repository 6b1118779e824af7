import type { FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../platform/errors';
import { createStorefrontResolver } from '../storefronts/storefronts';
import { createAccessTokenVerifier } from './access-tokens.service';
import { authCookiesFor } from './auth-cookies';
import { API_AUDIENCE } from './auth-paths';
import { createAuthenticator } from './authenticate.service';
import type { BffService } from './bff.service';

const resolver = createStorefrontResolver({ storefrontHosts: {}, publicPort: 8080, publicScheme: 'http' });
const nl = resolver.resolve('nl.localhost:8080')!;
const customerId = '7d3c1c8e-4a59-4d5e-9c1f-2f0a4c9e8b11';

describe('authenticate', () => {
  let privateKey: CryptoKey;
  let authenticator: ReturnType<typeof createAuthenticator>;
  const sessionTokens = new Map<string, string>();

  const sign = (claims: { amr?: unknown; iss?: string; aud?: string; typ?: string; exp?: number }) =>
    new SignJWT({ amr: claims.amr ?? ['pwd'] })
      .setProtectedHeader({ alg: 'ES256', typ: claims.typ ?? 'at+jwt', kid: 'k1' })
      .setIssuer(claims.iss ?? 'http://nl.localhost:8080/oidc')
      .setAudience(claims.aud ?? API_AUDIENCE)
      .setSubject(customerId)
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 300)
      .sign(privateKey);

  const request = (method: string, headers: Record<string, string>) =>
    ({ method, headers, storefront: nl }) as unknown as FastifyRequest;

  const statusOf = async (work: Promise<unknown>) =>
    work.then(
      () => 200,
      (error: unknown) => (error instanceof DomainError ? `${error.status} ${error.code}` : 'thrown'),
    );

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256', { extractable: true });
    privateKey = pair.privateKey;
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' };
    const bff = {
      accessTokenFor: async (_resolved: unknown, sessionId: string) => {
        const token = sessionTokens.get(sessionId);
        if (!token) throw new DomainError('unauthorized', 401, 'no session');
        return token;
      },
    } as unknown as BffService;
    authenticator = createAuthenticator({
      verifier: createAccessTokenVerifier([publicJwk]),
      bff,
      cookies: authCookiesFor('http'),
    });
    sessionTokens.set('s1', await sign({ amr: ['B2B'] }));
  });

  it('builds the caller from a bearer token; B2B when an amr value is b2b in any case', async () => {
    const b2b = await authenticator.authenticate(
      request('GET', { authorization: `Bearer ${await sign({ amr: ['mfa', 'B2b'] })}` }),
    );
    expect(b2b).toEqual({ customerId, isB2B: true, storefrontId: 'nl' });
    const privateCustomer = await authenticator.authenticate(
      request('GET', { authorization: `bearer ${await sign({ amr: ['pwd'] })}` }),
    );
    expect(privateCustomer.isB2B).toBe(false);
    expect((await authenticator.verifyAccessToken(await sign({ amr: 'b2b' }), nl)).isB2B).toBe(false);
  });

  it.each([
    ['another issuer', { iss: 'http://de.localhost:8080/oidc' }],
    ['another audience', { aud: 'urn:other' }],
    ['an ID token instead of an access token', { typ: 'JWT' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60 }],
  ])('refuses %s', async (_case, claims) => {
    const token = await sign(claims);
    expect(
      await statusOf(authenticator.authenticate(request('GET', { authorization: `Bearer ${token}` }))),
    ).toBe('401 unauthorized');
  });

  it('verifies the token a session holds exactly like a bearer token', async () => {
    expect(await authenticator.authenticate(request('GET', { cookie: 'other=1; session=s1' }))).toEqual({
      customerId,
      isB2B: true,
      storefrontId: 'nl',
    });
    sessionTokens.set('s2', await sign({ iss: 'http://de.localhost:8080/oidc' }));
    expect(await statusOf(authenticator.authenticate(request('GET', { cookie: 'session=s2' })))).toBe(
      '401 unauthorized',
    );
    expect(await statusOf(authenticator.authenticate(request('GET', { cookie: 'session=unknown' })))).toBe(
      '401 unauthorized',
    );
    expect(await statusOf(authenticator.authenticate(request('GET', {})))).toBe('401 unauthorized');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'asks a cookie %s for the CSRF header and our origin',
    async (method) => {
      const origin = 'http://nl.localhost:8080';
      const call = (headers: Record<string, string>) =>
        statusOf(authenticator.authenticate(request(method, { cookie: 'session=s1', ...headers })));
      expect(await call({ origin })).toBe('403 csrf_rejected');
      expect(await call({ 'x-csrf': '1' })).toBe('403 csrf_rejected');
      expect(await call({ 'x-csrf': '1', origin: 'http://de.localhost:8080' })).toBe('403 csrf_rejected');
      expect(await call({ 'x-csrf': '1', origin })).toBe(200);
    },
  );

  it('needs no CSRF header for a bearer token: no browser attaches one by itself', async () => {
    const token = await sign({});
    expect(
      await statusOf(authenticator.authenticate(request('POST', { authorization: `Bearer ${token}` }))),
    ).toBe(200);
  });

  it('authenticates a WebSocket upgrade from the session cookie, from our own origin only', async () => {
    const upgrade = (headers: Record<string, string>) =>
      statusOf(authenticator.authenticateUpgrade(headers, nl));
    expect(await upgrade({ cookie: 'session=s1', origin: 'http://nl.localhost:8080' })).toBe(200);
    expect(await upgrade({ cookie: 'session=s1', origin: 'http://evil.localhost:8080' })).toBe(
      '403 csrf_rejected',
    );
    expect(await upgrade({ cookie: 'session=s1' })).toBe('403 csrf_rejected');
    expect(await upgrade({ origin: 'http://nl.localhost:8080' })).toBe('401 unauthorized');
  });
});
