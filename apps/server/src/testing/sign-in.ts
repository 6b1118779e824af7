import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { authCookiesFor } from '../auth/auth-cookies';
import { createAuthSecretsRepository } from '../auth/auth-secrets.repository';
import { loadAuthSecrets } from '../auth/auth-secrets.service';
import { createSessionsRepository } from '../auth/sessions.repository';
import { createSessionsService } from '../auth/sessions.service';
import { createTokenCipher } from '../auth/token-cipher';
import { createCustomersRepository } from '../customers/customers.repository';
import { DEMO_PASSWORD, seedDemoAccounts } from '../demo/demo-accounts';
import { createStorefrontResolver } from '../storefronts/storefronts';
import type { TestApp } from './test-app';

export const DEFAULT_TEST_HOST = 'nl.localhost:8080';

export interface SignInOptions {
  email: string;
  /** Defaults to the demo accounts' password. */
  password?: string;
  /** The storefront to sign in on; defaults to `nl.localhost:8080`. */
  host?: string;
}

export interface SignedIn {
  /** `name=value` of the session cookie. */
  cookie: string;
  /** Ready for any call, state-changing ones included: cookie, `x-csrf`, `origin` and `host`. */
  headers: Record<string, string>;
}

/** A browser's cookies, as far as these flows need them: one host, each cookie sent below its path. */
class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  header(pathname: string): string {
    return [...this.cookies.values()]
      .filter(({ path }) => pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`))
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
  }

  keep(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const path = cookie.path ?? '/';
      const key = `${cookie.name};${path}`;
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(key);
      else this.cookies.set(key, { name: cookie.name, value: cookie.value, path });
    }
  }

  get(name: string): string | undefined {
    return [...this.cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  set(name: string, value: string): void {
    this.cookies.set(`${name};/`, { name, value, path: '/' });
  }

  names(): string[] {
    return [...this.cookies.values()].map((cookie) => cookie.name);
  }
}

/** A minimal browser on one storefront, over `app.inject`: keeps cookies, posts forms, follows the sign-in redirects. */
export interface TestBrowser {
  readonly host: string;
  readonly origin: string;
  get(address: string): Promise<LightMyRequestResponse>;
  /** Posts a form as a browser does: url-encoded, with this storefront's Origin. */
  post(address: string, form: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Follows redirects inside `/auth` and `/oidc`; stops on a page, or where the flow hands back to the app. */
  follow(response: LightMyRequestResponse): Promise<LightMyRequestResponse>;
  cookie(name: string): string | undefined;
  /** Names of the cookies the browser holds. */
  cookieNames(): string[];
  /** A cookie put in the browser by someone else (another site, another person at the keyboard). */
  plantCookie(name: string, value: string): void;
}

let browsers = 0;

/**
 * Each browser has its own network address, so a test file's many sign-ins never meet the sign-in
 * rate limit (which has its own test).
 */
export function createTestBrowser(
  t: TestApp,
  options: { host?: string; acceptLanguage?: string; remoteAddress?: string } = {},
): TestBrowser {
  const host = options.host ?? DEFAULT_TEST_HOST;
  const resolved = createStorefrontResolver(t.config).resolve(host);
  if (!resolved) throw new Error(`No storefront serves ${host}`);
  const { origin } = resolved;
  browsers += 1;
  const remoteAddress =
    options.remoteAddress ?? `10.${(browsers >> 16) & 255}.${(browsers >> 8) & 255}.${browsers & 255}`;
  const jar = new CookieJar();

  const send = async (method: 'GET' | 'POST', address: string, form?: Record<string, string>) => {
    const url = new URL(address, origin);
    if (url.origin !== origin) throw new Error(`The test browser does not leave the shop (${url.href})`);
    const request: InjectOptions = {
      method,
      url: `${url.pathname}${url.search}`,
      remoteAddress,
      headers: {
        host,
        cookie: jar.header(url.pathname),
        ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    };
    const response = await t.app.inject(request);
    jar.keep(response);
    return response;
  };

  return {
    host,
    origin,
    get: (address) => send('GET', address),
    post: (address, form) => send('POST', address, form),
    async follow(first) {
      let response = first;
      for (let hop = 0; hop < 10; hop += 1) {
        const location = response.headers.location;
        if (response.statusCode < 300 || response.statusCode >= 400 || typeof location !== 'string')
          return response;
        const path = new URL(location, origin).pathname;
        if (!path.startsWith('/oidc') && !path.startsWith('/auth/')) return response;
        response = await send('GET', location);
      }
      throw new Error('Too many redirects');
    },
    cookie: (name) => jar.get(name),
    cookieNames: () => jar.names(),
    plantCookie: (name, value) => jar.set(name, value),
  };
}

/** The address a sign-in or registration page posts its form to. */
export function formActionOf(html: string): string | undefined {
  return /<form method="post" action="([^"]+)"/.exec(html)?.[1];
}

/**
 * Signs in through the REAL flow, as a browser would: `/auth/login` -> the provider -> the sign-in page
 * -> credentials posted -> `/auth/callback`. Answers the session cookie and headers for API calls.
 */
export async function signIn(t: TestApp, options: SignInOptions): Promise<SignedIn> {
  const browser = createTestBrowser(t, { host: options.host });
  const page = await browser.follow(await browser.get('/auth/login?returnTo=%2F'));
  const action = formActionOf(page.body);
  if (page.statusCode !== 200 || !action) {
    throw new Error(`signIn: expected the sign-in page, got ${page.statusCode}: ${page.body.slice(0, 200)}`);
  }
  const done = await browser.follow(
    await browser.post(action, { email: options.email, password: options.password ?? DEMO_PASSWORD }),
  );
  const cookieName = authCookiesFor(t.config.publicScheme).session;
  const sessionId = browser.cookie(cookieName);
  if (!sessionId) {
    throw new Error(`signIn(${options.email}) failed with ${done.statusCode}: ${done.body.slice(0, 300)}`);
  }
  const cookie = `${cookieName}=${sessionId}`;
  return { cookie, headers: { cookie, 'x-csrf': '1', origin: browser.origin, host: browser.host } };
}

/**
 * A real bearer access token from the storefront's provider: signs in through the real flow and
 * takes the token the BFF keeps for that session.
 */
export async function issueAccessToken(t: TestApp, options: SignInOptions): Promise<string> {
  const { cookie } = await signIn(t, options);
  const sessionId = cookie.slice(cookie.indexOf('=') + 1);
  const secrets = await loadAuthSecrets(createAuthSecretsRepository(t.db));
  const sessions = createSessionsService(createSessionsRepository(t.db), createTokenCipher(secrets.tokenKey));
  const session = await sessions.load(sessionId);
  if (!session) throw new Error('issueAccessToken: the new session was not stored');
  return session.tokens.accessToken;
}

/** A demo account signed in, with its customer id. */
export interface SignedInCustomer extends SignedIn {
  customerId: string;
}

/**
 * A route test's cast: seeds the demo accounts and signs the given ones in through the real flow, one
 * after another, in the order given (typically the customer under test, then one who must not see
 * their data).
 */
export async function signInDemoAccounts<const Emails extends readonly string[]>(
  t: TestApp,
  emails: Emails,
  options: { host?: string } = {},
): Promise<{ [K in keyof Emails]: SignedInCustomer }> {
  const customers = createCustomersRepository(t.db);
  await seedDemoAccounts(customers);
  const signedIn: SignedInCustomer[] = [];
  for (const email of emails) {
    const session = await signIn(t, { email, host: options.host });
    const customer = await customers.findActiveByEmail(email);
    if (!customer) throw new Error(`signInDemoAccounts: no demo account ${email}`);
    signedIn.push({ ...session, customerId: customer.id });
  }
  return signedIn as { [K in keyof Emails]: SignedInCustomer };
}
