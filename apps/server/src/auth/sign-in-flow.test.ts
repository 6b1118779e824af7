import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { customersApi } from '@photo/contracts/customers';
import { createCustomersRepository } from '../customers/customers.repository';
import { DEMO_PASSWORD, seedDemoAccounts } from '../demo/demo-accounts';
import { rateLimits } from '../platform/rate-limits';
import { createTestBrowser, formActionOf, signIn, type TestBrowser } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createLoginRequestsRepository } from './login-requests.repository';
import { hashPasswordAtCost, PASSWORD_COST } from './password';

const meUrl = `${serviceBasePath('customers')}${customersApi.me.path}`;
/** Above the per-address limit, so that test sees its own limit first. */
const FAILURES_PER_NETWORK = rateLimits.signInFailuresPerAddress.max + 2;

describe('sign-in flow', () => {
  let t: TestApp;

  /** Opens the sign-in page the way the web app sends a customer there. */
  async function openSignInPage(browser: TestBrowser, returnTo = '/') {
    const page = await browser.follow(
      await browser.get(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`),
    );
    expect(page.statusCode).toBe(200);
    return page;
  }

  async function submitSignIn(browser: TestBrowser, page: { body: string }, email: string, password: string) {
    return browser.post(formActionOf(page.body)!, { email, password });
  }

  /** Walks the provider's redirects up to the callback address, without opening it. */
  async function walkToCallback(browser: TestBrowser, first: LightMyRequestResponse) {
    let response = first;
    while (!String(response.headers.location).includes('/auth/callback')) {
      response = await browser.get(String(response.headers.location));
    }
    return String(response.headers.location);
  }

  /** Signs in at the provider and walks its redirects up to the callback address. */
  async function callbackAddressFor(browser: TestBrowser, email: string, page?: { body: string }) {
    const signInPage = page ?? (await openSignInPage(browser));
    return walkToCallback(browser, await submitSignIn(browser, signInPage, email, DEMO_PASSWORD));
  }

  const loginRequestCount = async () =>
    Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM login_requests')).rows[0]!.n);

  const me = (browser: TestBrowser) =>
    t.app.inject({
      url: meUrl,
      headers: { host: browser.host, cookie: `session=${browser.cookie('session') ?? ''}` },
    });

  beforeAll(async () => {
    t = await createTestApp({ SIGN_IN_FAILURES_PER_NETWORK: String(FAILURES_PER_NETWORK) });
    await seedDemoAccounts(createCustomersRepository(t.db));
  });
  afterAll(() => t.close());

  it("shows the sign-in page in the storefront's language, without inline script or style", async () => {
    const page = await openSignInPage(createTestBrowser(t));
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.body).toContain('<html lang="nl-NL">');
    expect(page.body).toContain('<label for="email">E-mailadres</label>');
    expect(page.body).toContain('<label for="password">Wachtwoord</label>');
    expect(page.body).toMatch(/<a href="\/oidc\/interaction\/[^"]+\/register">Account aanmaken<\/a>/);
    expect(page.body).not.toMatch(/<script|<style|style=/);

    const belgianFrench = createTestBrowser(t, { host: 'be.localhost:8080' });
    const response = await belgianFrench.follow(await belgianFrench.get('/auth/login'));
    expect(response.body).toContain('<html lang="nl-BE">');
    const css = await t.app.inject({
      url: '/oidc/assets/sign-in.css',
      headers: { host: 'nl.localhost:8080' },
    });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('says clearly when the e-mail address or password is wrong, the same for unknown addresses', async () => {
    const browser = createTestBrowser(t);
    const page = await openSignInPage(browser);
    const wrongPassword = await submitSignIn(browser, page, 'demo@example.com', 'not-the-password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.body).toContain(
      '<p class="alert" role="alert">Het e-mailadres of wachtwoord is onjuist. Probeer het opnieuw.</p>',
    );
    expect(wrongPassword.body).toContain('value="demo@example.com"');
    expect(browser.cookie('session')).toBeUndefined();

    const unknown = await submitSignIn(browser, page, 'nobody@example.com', DEMO_PASSWORD);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('Het e-mailadres of wachtwoord is onjuist.');

    // The same page still works: the right password gets in.
    const done = await browser.follow(await submitSignIn(browser, page, 'demo@example.com', DEMO_PASSWORD));
    expect(done.headers.location).toBe('/');
    expect((await me(browser)).statusCode).toBe(200);
  });

  it('replaces a hash made at the old cost when the customer signs in, and keeps it on a wrong password', async () => {
    const customers = createCustomersRepository(t.db);
    // A quarter of the current cost, as 2^15 is of 2^17 (the tests hash at a cheaper cost of their own).
    const old = await hashPasswordAtCost('an-old-password', { ...PASSWORD_COST, N: PASSWORD_COST.N / 4 });
    const { id } = await customers.insert({
      email: 'old-hash@example.com',
      passwordHash: old,
      firstName: 'Olga',
      lastName: 'Old',
      isB2B: false,
      status: 'Default',
    });
    const stored = async () => (await customers.findById(id))!.passwordHash;

    await expect(
      signIn(t, { email: 'old-hash@example.com', password: 'not-the-password' }),
    ).rejects.toThrow();
    expect(await stored()).toBe(old);

    await signIn(t, { email: 'old-hash@example.com', password: 'an-old-password' });
    const upgraded = await stored();
    expect(upgraded.split('$').slice(0, 4)).toEqual(
      ['scrypt', PASSWORD_COST.N, PASSWORD_COST.r, PASSWORD_COST.p].map(String),
    );
    // The same password opens the account with the new hash, which is not replaced again.
    await signIn(t, { email: 'old-hash@example.com', password: 'an-old-password' });
    expect(await stored()).toBe(upgraded);
  });

  it('limits sign-in attempts per network address and e-mail address, with a clear page', async () => {
    const browser = createTestBrowser(t);
    const page = await openSignInPage(browser);
    for (let attempt = 0; attempt < rateLimits.signInFailuresPerAddress.max; attempt += 1) {
      expect((await submitSignIn(browser, page, 'b2b@example.com', `guess-${attempt}`)).statusCode).toBe(401);
    }
    const blocked = await submitSignIn(browser, page, 'b2b@example.com', DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['content-type']).toContain('text/html');
    expect(blocked.body).toContain('<h1>Te veel pogingen</h1>');
    expect(blocked.body).toContain('Wacht voor je veiligheid 15 minuten');
    expect(browser.cookie('session')).toBeUndefined();

    // Another address from the same network is not held up by it.
    expect((await submitSignIn(browser, page, 'b2b-new@example.com', 'wrong')).statusCode).toBe(401);
  });

  it('never holds up a customer who signs in often: only failed attempts count', async () => {
    // A fresh browser each time (one with a provider session would skip the page), one network address.
    for (let signIn = 0; signIn <= rateLimits.signInFailuresPerAddress.max + 2; signIn += 1) {
      const browser = createTestBrowser(t, { remoteAddress: '192.0.2.77' });
      const page = await openSignInPage(browser);
      const done = await browser.follow(await submitSignIn(browser, page, 'demo@example.com', DEMO_PASSWORD));
      expect(done.headers.location).toBe('/');
    }
  });

  it('caps failed sign-ins per network address over all e-mail addresses (password spraying)', async () => {
    const sprayer = createTestBrowser(t);
    const page = await openSignInPage(sprayer);
    for (let attempt = 0; attempt < FAILURES_PER_NETWORK; attempt += 1) {
      const response = await submitSignIn(sprayer, page, `customer-${attempt}@example.com`, 'Summer2026!');
      expect(response.statusCode).toBe(401);
    }
    // Nothing more is checked from that network, the right password included, until the window ends.
    const blocked = await submitSignIn(sprayer, page, 'demo@example.com', DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('<h1>Te veel pogingen</h1>');
    expect(blocked.body).toContain('Wacht voor je veiligheid 15 minuten');
    expect(sprayer.cookie('session')).toBeUndefined();

    const elsewhere = createTestBrowser(t);
    const done = await elsewhere.follow(
      await submitSignIn(elsewhere, await openSignInPage(elsewhere), 'demo@example.com', DEMO_PASSWORD),
    );
    expect(done.headers.location).toBe('/');
  });

  it('limits sign-in starts per network address; unfinished ones expire within half an hour', async () => {
    const flood = createTestBrowser(t);
    const rowsBefore = await loginRequestCount();
    for (let start = 0; start < rateLimits.signInStarts.max; start += 1) {
      expect((await flood.get('/auth/login')).statusCode).toBe(302);
    }
    const refused = await flood.get('/auth/login');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('<h1>Te veel pogingen</h1>');
    expect(refused.body).toContain('<a class="button" href="/auth/login">');
    expect(await loginRequestCount()).toBe(rowsBefore + rateLimits.signInStarts.max);
    const { rows } = await t.db.query<{ within: boolean }>(
      `SELECT bool_and(expires_at <= now() + interval '30 minutes') AS within FROM login_requests`,
    );
    expect(rows[0]!.within).toBe(true);
    // Another network address is not held up.
    expect((await createTestBrowser(t).get('/auth/login')).statusCode).toBe(302);

    // Housekeeping removes what was never finished once it has expired.
    await t.db.query(`UPDATE login_requests SET expires_at = now() - interval '1 second'`);
    await createLoginRequestsRepository(t.db).deleteExpired();
    expect(await loginRequestCount()).toBe(0);
  });

  it('returns to the page the customer came from, but never to another site', async () => {
    const cases: Array<[string, string]> = [
      ['/photos/albums?sort=name', '/photos/albums?sort=name'],
      ['https://evil.example/steal', '/'],
      ['/..//evil.example/', '/'],
      ['/.//evil.example', '/'],
      ['/%2e%2e//evil.example', '/'],
    ];
    for (const [returnTo, expected] of cases) {
      const browser = createTestBrowser(t);
      const page = await openSignInPage(browser, returnTo);
      const done = await browser.follow(await submitSignIn(browser, page, 'demo@example.com', DEMO_PASSWORD));
      expect(done.statusCode, returnTo).toBe(303);
      expect(done.headers.location, returnTo).toBe(expected);
    }
  });

  it('names each wrong field of the registration form and keeps what was typed, but never the password', async () => {
    const browser = createTestBrowser(t);
    const entry = await browser.get('/oidc/register');
    expect(entry.statusCode).toBe(303);
    const page = await browser.follow(entry);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Account aanmaken</h1>');

    const invalid = await browser.post(formActionOf(page.body)!, {
      firstName: 'Ada',
      lastName: '',
      email: 'not-an-address',
      password: 'short',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Vul je achternaam in.');
    expect(invalid.body).toContain('Vul een geldig e-mailadres in');
    expect(invalid.body).toContain('Kies een wachtwoord van minimaal 8 tekens.');
    expect(invalid.body).toContain('value="Ada"');
    expect(invalid.body).not.toContain('value="short"');
    expect(invalid.body).toMatch(/id="lastName"[^>]*aria-invalid="true"/);
  });

  it("leads from the config's createAccountUrl to the sign-in page and back, in one sign-in", async () => {
    const browser = createTestBrowser(t);
    const registration = await browser.follow(await browser.get('/oidc/register'));
    expect(registration.body).toContain('<h1>Account aanmaken</h1>');
    const signInLink = /<p class="switch">[^<]*<a href="([^"]+)">Inloggen<\/a>/.exec(registration.body)![1]!;
    const page = await browser.get(signInLink);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Inloggen</h1>');
    const done = await browser.follow(await submitSignIn(browser, page, 'demo@example.com', DEMO_PASSWORD));
    expect(done.headers.location).toBe('/');
    expect((await me(browser)).statusCode).toBe(200);
  });

  it('opens the registration page even for a customer the provider still remembers', async () => {
    const browser = createTestBrowser(t);
    await browser.follow(
      await submitSignIn(browser, await openSignInPage(browser), 'demo@example.com', DEMO_PASSWORD),
    );
    expect((await me(browser)).statusCode).toBe(200);

    const page = await browser.follow(await browser.get('/oidc/register'));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Account aanmaken</h1>');
  });

  it('refuses a callback answered by another storefront issuer (mix-up), and does not loop', async () => {
    const browser = createTestBrowser(t);
    // Walk the redirects by hand up to the callback, then swap the issuer the answer claims.
    const callback = new URL(await callbackAddressFor(browser, 'demo@example.com'));
    expect(callback.searchParams.get('iss')).toBe('http://nl.localhost:8080/oidc');
    callback.searchParams.set('iss', 'http://de.localhost:8080/oidc');

    const refused = await browser.get(`${callback.pathname}${callback.search}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.body).toContain('<h1>Inloggen is niet gelukt</h1>');
    expect(refused.body).toContain(`Referentie: ${String(refused.headers['x-correlation-id'])}`);
    expect(browser.cookie('session')).toBeUndefined();
  });

  it('refuses a callback with an unknown state or from another browser', async () => {
    const unknown = await createTestBrowser(t).get(
      '/auth/callback?code=abc&state=never-issued&iss=http%3A%2F%2Fnl.localhost%3A8080%2Foidc',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Inloggen is niet gelukt');

    const victim = createTestBrowser(t);
    const attacker = createTestBrowser(t);
    // Login CSRF: the attacker's own callback URL, opened in the victim's browser, signs nobody in.
    const planted = await victim.get(await callbackAddressFor(attacker, 'b2b@example.com'));
    expect(planted.statusCode).toBe(400);
    expect(victim.cookie('session')).toBeUndefined();
  });

  it('binds each sign-in to a fresh value of its own, never one the browser brings', async () => {
    const attacker = createTestBrowser(t);
    attacker.plantCookie('sign-in-flow', 'chosen-by-the-attacker');
    const login = await attacker.get('/auth/login');
    const flowCookies = (login.cookies as Array<{ name: string; value: string; httpOnly?: boolean }>).filter(
      (cookie) => cookie.name.startsWith('sign-in-flow'),
    );
    expect(flowCookies).toHaveLength(1);
    expect(flowCookies[0]!.value).not.toBe('chosen-by-the-attacker');
    expect(flowCookies[0]!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(flowCookies[0]!.httpOnly).toBe(true);

    // A victim holding the attacker's chosen value under any name is not signed in as the attacker.
    const callback = await callbackAddressFor(attacker, 'b2b@example.com', await attacker.follow(login));
    const victim = createTestBrowser(t);
    victim.plantCookie('sign-in-flow', 'chosen-by-the-attacker');
    for (const name of attacker
      .cookieNames()
      .filter((cookieName) => cookieName.startsWith('sign-in-flow-'))) {
      victim.plantCookie(name, 'chosen-by-the-attacker');
    }
    expect((await victim.get(callback)).statusCode).toBe(400);
    expect(victim.cookie('session')).toBeUndefined();
  });

  it('lets sign-ins started in two tabs both finish, each binding used once', async () => {
    const browser = createTestBrowser(t);
    const first = await callbackAddressFor(browser, 'demo@example.com');
    // The provider now knows the customer: the second tab's sign-in comes straight back.
    const secondCallback = await walkToCallback(browser, await browser.get('/auth/login?returnTo=%2Forders'));
    expect(browser.cookieNames().filter((name) => name.startsWith('sign-in-flow-'))).toHaveLength(2);

    const firstDone = await browser.get(first);
    expect(firstDone.statusCode).toBe(303);
    expect(firstDone.headers.location).toBe('/');
    const secondDone = await browser.get(secondCallback);
    expect(secondDone.statusCode).toBe(303);
    expect(secondDone.headers.location).toBe('/orders');
    expect((await me(browser)).statusCode).toBe(200);
    expect(browser.cookieNames().filter((name) => name.startsWith('sign-in-flow'))).toEqual([]);
    // A used callback does not work twice.
    expect((await browser.get(first)).statusCode).toBe(400);
  });

  it('shows a clear page for a sign-in page that has expired', async () => {
    const response = await createTestBrowser(t).get('/oidc/interaction/no-such-sign-in');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<h1>Deze pagina is verlopen</h1>');
    expect(response.body).toContain('<a class="button" href="/auth/login">Opnieuw beginnen</a>');
  });

  it('publishes one issuer per storefront, requires PKCE and answers with the issuer', async () => {
    const discovery = await t.app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'de.localhost:8080' },
    });
    expect(discovery.json()).toMatchObject({
      issuer: 'http://de.localhost:8080/oidc',
      authorization_endpoint: 'http://de.localhost:8080/oidc/auth',
      token_endpoint: 'http://de.localhost:8080/oidc/token',
      end_session_endpoint: 'http://de.localhost:8080/oidc/session/end',
      authorization_response_iss_parameter_supported: true,
      code_challenge_methods_supported: ['S256'],
    });

    const withoutPkce = await t.app.inject({
      url: '/oidc/auth?client_id=account-area&response_type=code&scope=openid&redirect_uri=http%3A%2F%2Fnl.localhost%3A8080%2Fauth%2Fcallback',
      headers: { host: 'nl.localhost:8080' },
    });
    expect(withoutPkce.statusCode).toBe(303);
    const error = new URL(String(withoutPkce.headers.location));
    expect(error.searchParams.get('error')).toBe('invalid_request');
    expect(error.searchParams.get('error_description')).toContain('PKCE');
  });
});
