import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { customersApi } from '@photo/contracts/customers';
import { createCustomersRepository } from '../customers/customers.repository';
import { DEMO_PASSWORD, seedDemoAccounts } from '../demo/demo-accounts';
import { rateLimits } from '../platform/rate-limits';
import { linkTo, mailsTo } from '../testing/mailbox';
import { createTestBrowser, formActionOf, type TestBrowser } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { CONFIRM_ACCOUNT_PATH } from './auth-paths';

const meUrl = `${serviceBasePath('customers')}${customersApi.me.path}`;

let addresses = 0;
const newAddress = (name: string) => {
  addresses += 1;
  return `${name}-${addresses}@example.com`;
};

describe('creating an account', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoAccounts(createCustomersRepository(t.db));
  });
  afterAll(() => t.close());

  /** Opens the shop's "Create an account" address and sends the form. */
  async function register(
    browser: TestBrowser,
    form: { email: string; password?: string; firstName?: string; lastName?: string; business?: boolean },
  ) {
    const page = await browser.follow(await browser.get('/oidc/register'));
    expect(page.statusCode).toBe(200);
    const response = await browser.post(formActionOf(page.body)!, {
      firstName: form.firstName ?? 'Ada',
      lastName: form.lastName ?? 'Lovelace',
      email: form.email,
      password: form.password ?? 'analytical-engine',
      // A browser sends a ticked checkbox's value and nothing for an unticked one.
      ...(form.business ? { business: 'yes' } : {}),
    });
    return { page, response };
  }

  /** The confirmation link mailed to an address (the newest). */
  async function confirmationLink(to: string, host?: string) {
    const [mail] = await mailsTo(t, to, host);
    expect(mail?.template).toBe('registration.confirm');
    return linkTo(mail!, CONFIRM_ACCOUNT_PATH);
  }

  /** Presses the button of the page a confirmation link opens. */
  async function pressConfirm(browser: TestBrowser, page: { body: string }) {
    const token = /name="token" value="([^"]+)"/.exec(page.body)![1]!;
    return browser.post(formActionOf(page.body)!, { token });
  }

  const me = (browser: TestBrowser) =>
    t.app.inject({
      url: meUrl,
      headers: { host: browser.host, cookie: `session=${browser.cookie('session') ?? ''}` },
    });

  const accountsWith = async (email: string) =>
    (await t.db.query('SELECT id FROM customers WHERE lower(email) = lower($1)', [email])).rows.length;

  async function signInWith(browser: TestBrowser, email: string, password: string) {
    const page = await browser.follow(await browser.get('/auth/login'));
    return browser.post(formActionOf(page.body)!, { email, password });
  }

  it('answers a new address and a registered one with the same page, and mails each what fits', async () => {
    const newcomer = newAddress('newcomer');
    const first = createTestBrowser(t);
    const second = createTestBrowser(t);
    const fresh = await register(first, { email: newcomer });
    const known = await register(second, { email: 'demo@example.com', password: 'another-password' });

    for (const { response } of [fresh, known]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const uidOf = (page: { body: string }) => /\/oidc\/interaction\/([^/"]+)\//.exec(page.body)![1]!;
    const normalised = (body: string, uid: string, email: string) =>
      body.replaceAll(uid, '{uid}').replaceAll(email, '{email}');
    expect(normalised(fresh.response.body, uidOf(fresh.page), newcomer)).toBe(
      normalised(known.response.body, uidOf(known.page), 'demo@example.com'),
    );
    expect(fresh.response.body).toContain('<h1>Kijk in je e-mail</h1>');
    expect(fresh.response.body).toContain(
      `We hebben een link naar ${newcomer} gestuurd om je account af te ronden. De link is 24 uur geldig.`,
    );
    // Nothing is created before the link is confirmed, and the known account keeps its password.
    expect(await accountsWith(newcomer)).toBe(0);
    expect(await accountsWith('demo@example.com')).toBe(1);

    const [confirmation] = await mailsTo(t, newcomer);
    expect(confirmation).toMatchObject({
      template: 'registration.confirm',
      from: 'PhotoShop Nederland',
      subject: 'Bevestig je e-mailadres voor PhotoShop Nederland',
      locale: 'nl-NL',
      state: 'sent',
    });
    expect(confirmation!.text).toContain('Hallo,\n');
    expect(confirmation!.text).not.toContain('Ada');
    expect(linkTo(confirmation!, CONFIRM_ACCOUNT_PATH)).toMatch(/^\/oidc\/confirm-account\/[\w-]{43}$/);

    const [warning] = await mailsTo(t, 'demo@example.com');
    expect(warning).toMatchObject({
      template: 'registration.existing-account',
      subject: 'Iemand probeerde een account aan te maken met jouw e-mailadres',
    });
    expect(warning!.text).toContain('Hallo Demi,');
    expect(warning!.links).toEqual([
      'http://nl.localhost:8080/auth/login',
      'https://www.photoshop.nl/customer-care',
      'https://www.photoshop.nl',
    ]);
    expect((await signInWith(createTestBrowser(t), 'demo@example.com', 'another-password')).statusCode).toBe(
      401,
    );
  });

  it('creates the account only on the button press, signs in the browser that registered, and the link works once', async () => {
    const email = newAddress('ada');
    const browser = createTestBrowser(t);
    await register(browser, { email });
    const link = await confirmationLink(email);

    // Before the link is confirmed, the right password does not sign in, and says why.
    const early = await signInWith(createTestBrowser(t), email, 'analytical-engine');
    expect(early.statusCode).toBe(403);
    expect(early.body).toContain('Bevestig eerst je e-mailadres');

    // Opening the link (as a mail scanner does) changes nothing.
    const page = await browser.get(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Rond je account af</h1>');
    expect(page.body).toContain(`Druk op de knop om ${email} te bevestigen`);
    expect((await browser.get(link)).statusCode).toBe(200);
    expect(await accountsWith(email)).toBe(0);

    const done = await browser.follow(await pressConfirm(browser, page));
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/');
    const profile = await me(browser);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      isB2B: false,
      status: 'Default',
    });

    const reused = await createTestBrowser(t).get(link);
    expect(reused.statusCode).toBe(410);
    expect(reused.body).toContain('<h1>Dit account bestaat al</h1>');
    expect(reused.body).toContain('<a class="button" href="/auth/login">Inloggen</a>');
    expect((await pressConfirm(createTestBrowser(t), page)).statusCode).toBe(410);
    expect(await accountsWith(email)).toBe(1);
    expect((await signInWith(createTestBrowser(t), email, 'analytical-engine')).statusCode).toBe(303);
  });

  it('creates a business account with status New when the form says it is for a business', async () => {
    const email = newAddress('bizz');
    const browser = createTestBrowser(t);
    const { page } = await register(browser, { email, firstName: '', business: true });
    expect(page.body).toContain('name="business" type="checkbox" value="yes"');
    // A form sent back for a correction keeps the box ticked.
    const corrected = await register(browser, { email, firstName: '', business: true });
    expect(corrected.response.statusCode).toBe(400);
    expect(corrected.response.body).toContain('value="yes" aria-describedby="business-hint" checked>');

    await register(browser, { email, business: true });
    const confirmPage = await browser.get(await confirmationLink(email));
    await browser.follow(await pressConfirm(browser, confirmPage));
    // The provider names it B2B in the authentication-method claim (docs/product/roles.md), so the app does too.
    expect((await me(browser)).json()).toMatchObject({ email, isB2B: true, status: 'New' });
  });

  it('keeps the names without bidirectional overrides or control characters; invisible ones only are missing', async () => {
    const email = newAddress('bidi');
    const browser = createTestBrowser(t);
    const refused = await register(browser, { email, firstName: '\u202E\u2066\u0007' });
    expect(refused.response.statusCode).toBe(400);
    expect(await mailsTo(t, email)).toEqual([]);

    // U+202E would show 'ecalevoL' as 'Lovelace'.
    await register(browser, { email, firstName: 'Ada\u202E ecalevoL\u202C', lastName: 'Love\tlace\r\n' });
    const confirmPage = await browser.get(await confirmationLink(email));
    await browser.follow(await pressConfirm(browser, confirmPage));
    expect((await me(browser)).json()).toMatchObject({
      email,
      firstName: 'Ada ecalevoL',
      lastName: 'Love lace',
    });
  });

  it('asks a browser that did not register to sign in, and the account is there', async () => {
    const email = newAddress('phone');
    await register(createTestBrowser(t), { email });
    const phone = createTestBrowser(t);
    const page = await phone.get(await confirmationLink(email));
    const ready = await phone.follow(await pressConfirm(phone, page));
    expect(ready.statusCode).toBe(200);
    expect(ready.body).toContain('<h1>Je account is klaar</h1>');
    expect(ready.body).toContain(`${email} is bevestigd.`);
    expect(ready.body).toContain('<a class="button" href="/auth/login">Inloggen</a>');
    expect(phone.cookie('session')).toBeUndefined();

    const signedIn = await phone.follow(await signInWith(phone, email, 'analytical-engine'));
    expect(signedIn.headers.location).toBe('/');
    expect((await me(phone)).json()).toMatchObject({ email });
  });

  it('shows a clear page for an expired or unknown link, and creates nothing', async () => {
    const email = newAddress('late');
    await register(createTestBrowser(t), { email });
    const link = await confirmationLink(email);
    const browser = createTestBrowser(t);
    const page = await browser.get(link);
    await t.db.query(
      `UPDATE account_registrations SET expires_at = now() - interval '1 minute' WHERE lower(email) = $1`,
      [email],
    );

    for (const response of [await browser.get(link), await pressConfirm(browser, page)]) {
      expect(response.statusCode).toBe(410);
      expect(response.body).toContain('<h1>Deze link is niet meer geldig</h1>');
      expect(response.body).toContain('werkt één keer en 24 uur lang');
      expect(response.body).toContain('<a class="button" href="/oidc/register">Account aanmaken</a>');
    }
    expect(await accountsWith(email)).toBe(0);
    // Expired, the registration no longer answers for the password either.
    expect((await signInWith(createTestBrowser(t), email, 'analytical-engine')).statusCode).toBe(401);

    const unknown = await browser.get(`${CONFIRM_ACCOUNT_PATH}/not-a-link-we-sent`);
    expect(unknown.statusCode).toBe(410);
    expect(unknown.body).toContain('<h1>Deze link is niet meer geldig</h1>');
  });

  it('makes one account when two links of one address are confirmed at the same moment', async () => {
    const email = newAddress('twice');
    await register(createTestBrowser(t), { email, firstName: 'First' });
    await register(createTestBrowser(t), { email, firstName: 'Second' });
    const links = (await mailsTo(t, email)).map((mail) => linkTo(mail, CONFIRM_ACCOUNT_PATH));
    expect(links).toHaveLength(2);

    const browsers = [createTestBrowser(t), createTestBrowser(t)];
    const pages = await Promise.all(browsers.map((browser, index) => browser.get(links[index]!)));
    const answers = await Promise.all(browsers.map((browser, index) => pressConfirm(browser, pages[index]!)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    expect(answers.find((answer) => answer.statusCode === 410)!.body).toContain('Dit account bestaat al');
    expect(await accountsWith(email)).toBe(1);
  });

  it("speaks the customer's language: a Belgian registering in French gets French pages and mail", async () => {
    const email = newAddress('belge');
    const browser = createTestBrowser(t, { host: 'be.localhost:8080', acceptLanguage: 'fr-BE,fr;q=0.9' });
    const { response } = await register(browser, { email, firstName: 'Léa', lastName: 'Dubois' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="fr-BE">');
    expect(response.body).toContain('<h1>Consultez vos e-mails</h1>');

    const [mail] = await mailsTo(t, email, 'be.localhost:8080');
    expect(mail).toMatchObject({
      locale: 'fr-BE',
      from: 'PhotoShop Belgium',
      subject: 'Confirmez votre adresse e-mail pour PhotoShop Belgium',
    });
    // The link opens in French whatever the browser that opens it prefers (this one: none).
    const link = linkTo(mail!, CONFIRM_ACCOUNT_PATH);
    expect(mail!.links[0]).toMatch(/^http:\/\/be\.localhost:8080\/oidc\/confirm-account\//);
    const confirmPage = await createTestBrowser(t, { host: 'be.localhost:8080' }).get(link);
    expect(confirmPage.body).toContain('<html lang="fr-BE">');
    expect(confirmPage.body).toContain('<button type="submit">Créer mon compte</button>');
  });

  it('mails one address a few times an hour at most, and still answers the same page', async () => {
    const email = newAddress('flood');
    const browser = createTestBrowser(t);
    const page = await browser.follow(await browser.get('/oidc/register'));
    const form = { firstName: 'Eve', lastName: 'Flood', email, password: 'a-long-password' };
    for (let attempt = 0; attempt <= rateLimits.registrationMails.max; attempt += 1) {
      const response = await browser.post(formActionOf(page.body)!, form);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<h1>Kijk in je e-mail</h1>');
    }
    expect(await mailsTo(t, email)).toHaveLength(rateLimits.registrationMails.max);
  });

  it('keeps demo accounts usable at once', async () => {
    const browser = createTestBrowser(t);
    const done = await browser.follow(await signInWith(browser, 'b2b@example.com', DEMO_PASSWORD));
    expect(done.headers.location).toBe('/');
    expect((await me(browser)).statusCode).toBe(200);
  });
});
