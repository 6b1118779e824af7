import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { customersApi } from '@photo/contracts/customers';
import { photosApi } from '@photo/contracts/photos';
import { buildApp } from '../app';
import { createCustomersRepository } from '../customers/customers.repository';
import { DEMO_PASSWORD, seedDemoAccounts } from '../demo/demo-accounts';
import { createTestBrowser, issueAccessToken, signIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { API_AUDIENCE } from './auth-paths';
import { createAuthSecretsRepository } from './auth-secrets.repository';
import { loadAuthSecrets } from './auth-secrets.service';
import { hashPassword } from './password';
import { createSessionsRepository } from './sessions.repository';
import { createSessionsService, type ActiveSession } from './sessions.service';
import { createTokenCipher } from './token-cipher';

const meUrl = `${serviceBasePath('customers')}${customersApi.me.path}`;
// Any state-changing API call will do: the CSRF checks come before the service is reached.
const stateChangingUrl = `${serviceBasePath('photos')}${photosApi.activate.path}`;
const nl = { host: 'nl.localhost:8080', origin: 'http://nl.localhost:8080' };

describe('API authentication', () => {
  let t: TestApp;
  let sessions: ReturnType<typeof createSessionsService>;

  const me = (headers: Record<string, string>) =>
    t.app.inject({ url: meUrl, headers: { host: nl.host, ...headers } });
  const sessionOf = async (cookie: string): Promise<ActiveSession | undefined> =>
    sessions.load(cookie.slice(cookie.indexOf('=') + 1));

  /** A token signed with the providers' real key, with claims of the test's choosing. */
  async function forgeToken(claims: { sub: string; iss: string; exp: number; amr?: string[] }) {
    const { rows } = await t.db.query<{ value: JWK[] }>(
      "SELECT value FROM app_secrets WHERE name = 'oidc.signing-keys'",
    );
    const jwk = rows[0]!.value[0]!;
    return new SignJWT({ amr: claims.amr ?? ['pwd'] })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: jwk.kid! })
      .setIssuer(claims.iss)
      .setAudience(API_AUDIENCE)
      .setSubject(claims.sub)
      .setIssuedAt(claims.exp - 300)
      .setExpirationTime(claims.exp)
      .sign(await importJWK(jwk, 'ES256'));
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoAccounts(createCustomersRepository(t.db));
    const secrets = await loadAuthSecrets(createAuthSecretsRepository(t.db));
    sessions = createSessionsService(createSessionsRepository(t.db), createTokenCipher(secrets.tokenKey));
  });
  afterAll(() => t.close());

  it('answers 401 without a session or token', async () => {
    const response = await me({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('answers the profile to a signed-in session, and never lets it be cached', async () => {
    const { headers } = await signIn(t, { email: 'demo@example.com' });
    const response = await me(headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: 'demo@example.com', firstName: 'Demi', isB2B: false });
    expect(response.headers['cache-control']).toBe('no-store');
    // The cookie is worth nothing on another storefront.
    const elsewhere = await t.app.inject({ url: meUrl, headers: { ...headers, host: 'de.localhost:8080' } });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('keeps the tokens on the server: the browser gets only an HttpOnly session cookie', async () => {
    const browser = createTestBrowser(t);
    const page = await browser.follow(await browser.get('/auth/login'));
    const done = await browser.post(/action="([^"]+)"/.exec(page.body)![1]!, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
    });
    const callback = await browser.follow(done);
    const setCookies = [callback.headers['set-cookie']].flat().map(String);
    const sessionCookie = setCookies.find((cookie) => cookie.startsWith('session='));
    expect(sessionCookie).toMatch(
      /^session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
    );
    // The sign-in flow's binding is spent: the browser is told to forget it.
    expect(setCookies.filter((cookie) => cookie !== sessionCookie)).toEqual([
      expect.stringMatching(/^sign-in-flow-[0-9a-f]{16}=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/),
    ]);
    // The tokens the session holds, and the JWT header every token of this issuer starts with, appear
    // neither in the page nor in the stored rows. (Not 'eyJ' alone: sealed bytes in base64url hold
    // those three letters by chance about once in a hundred rows.)
    const { tokens } = (await sessionOf(sessionCookie!.split(';')[0]!))!;
    const secrets = [tokens.accessToken, tokens.accessToken.split('.')[0]!];
    const { rows } = await t.db.query<{ tokens: string; id_hash: string }>(
      'SELECT tokens, id_hash FROM sessions',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(callback.body).not.toContain(secret);
      for (const row of rows) expect(row.tokens).not.toContain(secret);
    }
    for (const row of rows) expect(row.id_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('marks a B2B customer as B2B, from the authentication-method claim', async () => {
    const { headers, cookie } = await signIn(t, { email: 'b2b@example.com' });
    expect((await me(headers)).json()).toMatchObject({ email: 'b2b@example.com', isB2B: true });
    const session = await sessionOf(cookie);
    expect(decodeJwt(session!.tokens.accessToken).amr).toEqual(['b2b']);
    expect(decodeJwt(session!.tokens.idToken!)).toMatchObject({ amr: ['b2b'], email: 'b2b@example.com' });
    const privateSession = await sessionOf((await signIn(t, { email: 'demo@example.com' })).cookie);
    expect(decodeJwt(privateSession!.tokens.accessToken).amr).toEqual(['pwd']);
  });

  it('accepts a bearer token of this storefront, and refuses one of another storefront', async () => {
    const nlToken = await issueAccessToken(t, { email: 'demo@example.com' });
    const deToken = await issueAccessToken(t, { email: 'demo@example.com', host: 'de.localhost:8080' });
    expect(decodeJwt(deToken).iss).toBe('http://de.localhost:8080/oidc');
    expect((await me({ authorization: `Bearer ${nlToken}` })).statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${deToken}` })).statusCode).toBe(401);
  });

  it('refuses an expired token, a tampered token and a token that is not a bearer token', async () => {
    const demo = await createCustomersRepository(t.db).findActiveByEmail('demo@example.com');
    const now = Math.floor(Date.now() / 1000);
    const valid = await forgeToken({ sub: demo!.id, iss: `${nl.origin}/oidc`, exp: now + 300 });
    const expired = await forgeToken({ sub: demo!.id, iss: `${nl.origin}/oidc`, exp: now - 60 });
    // The control: the same construction with a future expiry is accepted, so only expiry differs.
    expect((await me({ authorization: `Bearer ${valid}` })).statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${expired}` })).statusCode).toBe(401);

    const b2b = await createCustomersRepository(t.db).findActiveByEmail('b2b@example.com');
    const [header, payload, signature] = valid.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: b2b!.id })).toString('base64url');
    expect((await me({ authorization: `Bearer ${header}.${tampered}.${signature}` })).statusCode).toBe(401);
    expect(
      (await me({ authorization: `Basic ${Buffer.from('demo:x').toString('base64')}` })).statusCode,
    ).toBe(401);
  });

  it('refuses a cookie-authenticated state-changing call without the CSRF header or from a foreign origin', async () => {
    const { headers } = await signIn(t, { email: 'demo@example.com' });
    const post = (extra: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: stateChangingUrl,
        headers: { host: nl.host, cookie: headers.cookie!, ...extra },
      });

    const withoutHeader = await post({ origin: nl.origin });
    expect(withoutHeader.statusCode).toBe(403);
    expect(withoutHeader.json()).toMatchObject({ error: { code: 'csrf_rejected' } });
    const foreign = await post({ 'x-csrf': '1', origin: 'http://evil.localhost:8080' });
    expect(foreign.statusCode).toBe(403);
    const otherStorefront = await post({ 'x-csrf': '1', origin: 'http://de.localhost:8080' });
    expect(otherStorefront.statusCode).toBe(403);
    const noOrigin = await post({ 'x-csrf': '1' });
    expect(noOrigin.statusCode).toBe(403);

    const proper = await post({ 'x-csrf': '1', origin: nl.origin });
    expect([401, 403]).not.toContain(proper.statusCode);
  });

  it('refreshes an access token that is about to expire, so the next call still succeeds', async () => {
    const { headers, cookie } = await signIn(t, { email: 'demo@example.com' });
    const before = await sessionOf(cookie);
    await t.db.query(
      "UPDATE sessions SET access_expires_at = now() - interval '1 minute' WHERE id_hash = $1",
      [before!.idHash],
    );

    const [first, second] = await Promise.all([me(headers), me(headers)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const after = await sessionOf(cookie);
    expect(after!.tokens.accessToken).not.toBe(before!.tokens.accessToken);
    expect(after!.tokens.refreshToken).toBe(before!.tokens.refreshToken);
    expect(after!.accessExpiresAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect((await me(headers)).statusCode).toBe(200);
  });

  it('keeps the session when a replica died after refreshing but before it saved the answer', async () => {
    const { headers, cookie } = await signIn(t, { email: 'demo@example.com' });
    const before = await sessionOf(cookie);
    const { rows } = await t.db.query<{ tokens: string }>('SELECT tokens FROM sessions WHERE id_hash = $1', [
      before!.idHash,
    ]);
    const expire = () =>
      t.db.query("UPDATE sessions SET access_expires_at = now() - interval '1 minute' WHERE id_hash = $1", [
        before!.idHash,
      ]);
    await expire();
    expect((await me(headers)).statusCode).toBe(200);

    // What a replica killed after the provider's answer leaves behind: the tokens it refreshed with.
    await t.db.query('UPDATE sessions SET tokens = $2 WHERE id_hash = $1', [before!.idHash, rows[0]!.tokens]);
    await expire();
    expect((await me(headers)).statusCode).toBe(200);
    expect(await sessionOf(cookie)).toBeDefined();
  });

  it('ends the session when the refresh is refused', async () => {
    const { headers, cookie } = await signIn(t, { email: 'demo@example.com' });
    const session = await sessionOf(cookie);
    await t.db.query(
      "UPDATE sessions SET access_expires_at = now() - interval '1 minute' WHERE id_hash = $1",
      [session!.idHash],
    );
    await t.db.query("DELETE FROM oidc_payloads WHERE model = 'RefreshToken'");

    expect((await me(headers)).statusCode).toBe(401);
    expect(await sessionOf(cookie)).toBeUndefined();
  });

  it('signs out: the session ends at once and the provider session ends without a click', async () => {
    const browser = createTestBrowser(t);
    const page = await browser.follow(await browser.get('/auth/login'));
    await browser.follow(
      await browser.post(/action="([^"]+)"/.exec(page.body)![1]!, {
        email: 'demo@example.com',
        password: DEMO_PASSWORD,
      }),
    );
    const cookie = `session=${browser.cookie('session')}`;
    expect((await me({ cookie })).statusCode).toBe(200);

    const logout = await browser.get('/logout');
    expect(logout.statusCode).toBe(303);
    expect(String(logout.headers['set-cookie'])).toMatch(/^session=; Path=\/; Max-Age=0/);
    expect((await me({ cookie })).statusCode).toBe(401);

    const endSession = new URL(String(logout.headers.location));
    expect(endSession.pathname).toBe('/oidc/session/end');
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${nl.origin}/`);
    // No token in the address bar (and so in the history): DESIGN §3, the browser never holds one.
    expect(endSession.href).not.toContain('eyJ');

    const confirmPage = await browser.get(logout.headers.location!);
    expect(confirmPage.statusCode).toBe(200);
    expect(confirmPage.body).toContain('<script src="/oidc/assets/sign-out.js" defer></script>');
    expect(confirmPage.body).not.toMatch(/<script>|<style|style=/);
    const script = await t.app.inject({ url: '/oidc/assets/sign-out.js', headers: { host: nl.host } });
    expect(script.body).toContain('form[data-auto-submit]');

    // What the script does: submit the form as it stands.
    const form = /<form data-auto-submit[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(
      confirmPage.body,
    )!;
    const fields = Object.fromEntries(
      [...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    expect(fields.logout).toBe('yes');
    const confirmed = await browser.post(form[1]!, fields);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${nl.origin}/`);

    // The provider forgot the customer too: the next sign-in asks for the password again.
    const again = await browser.follow(await browser.get('/auth/login'));
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('name="password"');
  });

  it('answers 404 for a customer whose account was deleted', async () => {
    const customers = createCustomersRepository(t.db);
    const leaving = await customers.insert({
      email: 'leaving@example.com',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'Lea',
      lastName: 'Ving',
      isB2B: false,
      status: 'Default',
    });
    const { headers } = await signIn(t, { email: 'leaving@example.com' });
    expect((await me(headers)).statusCode).toBe(200);
    await t.db.query('UPDATE customers SET deleted_at = now() WHERE id = $1', [leaving.id]);
    const response = await me(headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('keeps sessions in the database: a second replica accepts them and refreshes them', async () => {
    const { headers, cookie } = await signIn(t, { email: 'b2b@example.com' });
    const replica = await buildApp({ config: t.config, db: t.db, blobs: t.blobs, logger: false });
    try {
      await replica.ready();
      const onReplica = () => replica.inject({ url: meUrl, headers });
      expect((await onReplica()).json()).toMatchObject({ email: 'b2b@example.com', isB2B: true });

      const session = await sessionOf(cookie);
      await t.db.query(
        "UPDATE sessions SET access_expires_at = now() - interval '1 minute' WHERE id_hash = $1",
        [session!.idHash],
      );
      expect((await onReplica()).statusCode).toBe(200);
      expect((await sessionOf(cookie))!.tokens.accessToken).not.toBe(session!.tokens.accessToken);
    } finally {
      await replica.close();
    }
  });
});
