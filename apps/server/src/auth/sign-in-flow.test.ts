import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { customersApi } from '@photo/contracts/customers';
import { createCustomersRepository } from '../customers/customers.repository';
import { DEMO_PASSWORD, seedDemoAccounts } from '../demo/demo-accounts';
import { createTestBrowser, formActionOf, type TestBrowser } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { SIGN_IN_ATTEMPTS } from './identity-provider.routes';

const meUrl = `${serviceBasePath('customers')}${customersApi.me.path}`;

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

  const me = (browser: TestBrowser) =>
    t.app.inject({
      url: meUrl,
      headers: { host: browser.host, cookie: `session=${browser.cookie('session') ?? ''}` },
    });

  beforeAll(async () => {
    t = await createTestApp();
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

  it('limits sign-in attempts per network address and e-mail address, with a clear page', async () => {
    const browser = createTestBrowser(t);
    const page = await openSignInPage(browser);
    for (let attempt = 0; attempt < SIGN_IN_ATTEMPTS; attempt += 1) {
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

  it('returns to the page the customer came from, but never to another site', async () => {
    const cases: Array<[string, string]> = [
      ['/photos/albums?sort=name', '/photos/albums?sort=name'],
      ['https://evil.example/steal', '/'],
    ];
    for (const [returnTo, expected] of cases) {
      const browser = createTestBrowser(t);
      const page = await openSignInPage(browser, returnTo);
      const done = await browser.follow(await submitSignIn(browser, page, 'demo@example.com', DEMO_PASSWORD));
      expect(done.statusCode, returnTo).toBe(303);
      expect(done.headers.location, returnTo).toBe(expected);
    }
  });

  it("creates a private account from the config's createAccountUrl and signs it in", async () => {
    const browser = createTestBrowser(t);
    const entry = await browser.get('/oidc/register');
    expect(entry.statusCode).toBe(303);
    const page = await browser.follow(entry);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Account aanmaken</h1>');
    const action = formActionOf(page.body)!;

    const invalid = await browser.post(action, {
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

    const done = await browser.follow(
      await browser.post(action, {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        password: 'analytical-engine',
      }),
    );
    expect(done.headers.location).toBe('/');
    const profile = await me(browser);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      isB2B: false,
      status: 'Default',
    });

    const again = createTestBrowser(t);
    const secondPage = await again.follow(await again.get('/oidc/register'));
    const duplicate = await again.post(formActionOf(secondPage.body)!, {
      firstName: 'Ada',
      lastName: 'Again',
      email: 'ADA@example.com',
      password: 'another-password',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.body).toContain('Er bestaat al een account met dit e-mailadres.');
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
    const page = await openSignInPage(browser);
    const toCallback = await browser.post(formActionOf(page.body)!, {
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
    });
    // Walk the redirects by hand up to the callback, then swap the issuer the answer claims.
    let response = toCallback;
    while (!String(response.headers.location).includes('/auth/callback')) {
      response = await browser.get(String(response.headers.location));
    }
    const callback = new URL(String(response.headers.location));
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
    const page = await openSignInPage(attacker);
    let response = await attacker.post(formActionOf(page.body)!, {
      email: 'b2b@example.com',
      password: DEMO_PASSWORD,
    });
    while (!String(response.headers.location).includes('/auth/callback')) {
      response = await attacker.get(String(response.headers.location));
    }
    // Login CSRF: the attacker's own callback URL, opened in the victim's browser, signs nobody in.
    const planted = await victim.get(String(response.headers.location));
    expect(planted.statusCode).toBe(400);
    expect(victim.cookie('session')).toBeUndefined();
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
