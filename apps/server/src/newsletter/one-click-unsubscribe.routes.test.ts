import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_CONSENT_VERSION, NEWSLETTER_ONE_CLICK_PATH } from '@photo/contracts/newsletter';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import type { MailboxEntry } from '../mail/mailbox.routes';
import { accessibilityViolations } from '../testing/axe';
import { linkTo, mailsTo } from '../testing/mailbox';
import { signIn, type SignedIn } from '../testing/sign-in';
import { startTestSmtpServer, type TestSmtpServer } from '../testing/smtp-test-server';
import { createTestApp, type TestApp } from '../testing/test-app';

const base = '/api/email-gateway/api/v1/Profiles';
const NL = 'nl.localhost:8080';
const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

/** Asks for the newsletter and confirms it by the mailed link, as the customer would. */
async function subscribeAndConfirm(t: TestApp, who: SignedIn, email: string, host = NL, locale?: string) {
  await t.app.inject({
    method: 'POST',
    url: `${base}/me/subscription`,
    headers: who.headers,
    payload: { consentTextVersion: NEWSLETTER_CONSENT_VERSION, ...(locale ? { locale } : {}) },
  });
  const [mail] = await mailsTo(t, email, host);
  const confirm = new URL(linkTo(mail!, '/subscription-confirmation'), 'http://x');
  const token = confirm.searchParams.get('confirmation-token')!;
  const answer = await t.app.inject({
    method: 'POST',
    url: `${base}/${encodeURIComponent(email)}/subscription/confirm/${token}`,
    headers: { host },
  });
  expect(answer.statusCode).toBe(204);
  return mail!;
}

/** The one-click address of a newsletter mail, from its List-Unsubscribe header. */
function oneClickAddressOf(mail: MailboxEntry): URL {
  const header = mail.listHeaders['List-Unsubscribe'];
  expect(header).toMatch(/^<.+>$/);
  return new URL(header!.slice(1, -1));
}

describe(`one-click newsletter unsubscribe (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let demo: SignedIn;
  let other: SignedIn;

  const statusOf = async (who: SignedIn) =>
    (await t.app.inject({ url: `${base}/me/subscription`, headers: who.headers })).json<{ status: string }>()
      .status;
  // What a mail provider sends: no cookie, no session, no CSRF header, no Origin.
  const oneClick = (path: string, host = NL) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: ONE_CLICK_BODY,
    });
  const unsubscribedAt = async (email: string) =>
    (
      await t.db.query<{ unsubscribed_at: Date | string | null }>(
        'SELECT unsubscribed_at FROM newsletter_subscriptions WHERE lower(email) = lower($1)',
        [email],
      )
    ).rows[0]?.unsubscribed_at;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoAccounts(createCustomersRepository(t.db));
    demo = await signIn(t, { email: 'demo@example.com' });
    other = await signIn(t, { email: 'b2b@example.com' });
  });
  afterAll(() => t.close());

  it('puts the List-Unsubscribe headers on the opt-in mail, with the address its own link leads to', async () => {
    const mail = await subscribeAndConfirm(t, demo, 'demo@example.com');
    expect(mail.template).toBe('newsletter.confirm');
    expect(mail.listHeaders['List-Unsubscribe-Post']).toBe(ONE_CLICK_BODY);
    const address = oneClickAddressOf(mail);
    expect(address.origin).toBe('http://nl.localhost:8080');
    expect(address.pathname).toMatch(
      new RegExp(`^${NEWSLETTER_ONE_CLICK_PATH}/1\\.[\\w-]{22}\\.[\\w-]{43}$`),
    );
    // A plain id or the address is never the token.
    expect(address.pathname).not.toContain('demo');
    expect(linkTo(mail, NEWSLETTER_ONE_CLICK_PATH)).toBe(address.pathname);
  });

  it('shows a page with a button on a GET, and unsubscribes nothing (mail scanners open every link)', async () => {
    expect(await statusOf(demo)).toBe('subscribed');
    const [mail] = await mailsTo(t, 'demo@example.com');
    const { pathname } = oneClickAddressOf(mail!);

    const page = await t.app.inject({ url: pathname, headers: { host: NL } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="nl-NL">');
    expect(page.body).toContain('<h1>Afmelden voor de nieuwsbrief</h1>');
    expect(page.body).toContain(`<form method="post" action="${pathname}">`);
    expect(page.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(page.body).toContain('<button type="submit">Afmelden</button>');
    expect(await accessibilityViolations(page.body)).toEqual([]);
    expect((await t.app.inject({ method: 'HEAD', url: pathname, headers: { host: NL } })).statusCode).toBe(
      200,
    );
    expect(await statusOf(demo)).toBe('subscribed');
  });

  it('unsubscribes on the one-click POST without any session, once, and answers the same when repeated', async () => {
    await subscribeAndConfirm(t, other, 'b2b@example.com');
    const [mail] = await mailsTo(t, 'demo@example.com');
    const { pathname } = oneClickAddressOf(mail!);

    const first = await oneClick(pathname);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Je bent afgemeld. Je ontvangt de nieuwsbrief niet meer.');
    expect(await statusOf(demo)).toBe('none');
    const when = await unsubscribedAt('demo@example.com');
    expect(when).not.toBeNull();

    const again = await oneClick(pathname);
    expect(again.statusCode).toBe(200);
    expect(await unsubscribedAt('demo@example.com')).toEqual(when);
    // Another subscriber is not touched.
    expect(await statusOf(other)).toBe('subscribed');
    expect(await accessibilityViolations(first.body)).toEqual([]);
  });

  it('takes the multipart form RFC 8058 prefers, and the page’s own button', async () => {
    await subscribeAndConfirm(t, demo, 'demo@example.com');
    const [mail] = await mailsTo(t, 'demo@example.com');
    const { pathname } = oneClickAddressOf(mail!);
    const boundary = 'provider-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: pathname,
      headers: { host: NL, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(await statusOf(demo)).toBe('none');

    await subscribeAndConfirm(t, demo, 'demo@example.com');
    // A browser's form post from the page: a cookie of the shop may come along, and is not needed.
    const button = await t.app.inject({
      method: 'POST',
      url: pathname,
      headers: {
        host: NL,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://nl.localhost:8080',
      },
      payload: ONE_CLICK_BODY,
    });
    expect(button.statusCode).toBe(200);
    expect(await statusOf(demo)).toBe('none');
  });

  it('refuses an altered or forged token, or one of another storefront, and changes nothing', async () => {
    const [mail] = await mailsTo(t, 'b2b@example.com');
    const { pathname } = oneClickAddressOf(mail!);
    const token = pathname.split('/').at(-1)!;
    const [version, customer, mac] = token.split('.') as [string, string, string];
    const flipped = (text: string, index: number) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes.writeUInt8(bytes.readUInt8(index) ^ 0x01, index);
      return bytes.toString('base64url');
    };
    const demoId = (await createCustomersRepository(t.db).findActiveByEmail('demo@example.com'))!.id;
    const forged = [
      `${version}.${flipped(customer, 3)}.${mac}`,
      `${version}.${customer}.${flipped(mac, 7)}`,
      // Demo's id with b2b's signature: a token cannot be moved to another subscriber.
      `${version}.${Buffer.from(demoId.replace(/-/g, ''), 'hex').toString('base64url')}.${mac}`,
      demoId,
      'not-a-token',
    ];
    await subscribeAndConfirm(t, demo, 'demo@example.com');
    for (const bad of forged) {
      const answer = await oneClick(`${NEWSLETTER_ONE_CLICK_PATH}/${encodeURIComponent(bad)}`);
      expect(answer.statusCode, bad).toBe(404);
      expect(answer.body).toContain('Deze link werkt niet.');
      const page = await t.app.inject({
        url: `${NEWSLETTER_ONE_CLICK_PATH}/${encodeURIComponent(bad)}`,
        headers: { host: NL },
      });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('<form');
    }
    // The right token at another storefront's address.
    expect((await oneClick(pathname, 'uk.localhost:8080')).statusCode).toBe(404);
    expect(await statusOf(other)).toBe('subscribed');
    expect(await statusOf(demo)).toBe('subscribed');
    expect((await oneClick(pathname)).statusCode).toBe(200);
    expect(await statusOf(other)).toBe('none');
  });

  it("speaks the storefront's language the browser asks for (Belgium: French)", async () => {
    const belgian = await signIn(t, { email: 'b2b-new@example.com', host: 'be.localhost:8080' });
    const mail = await subscribeAndConfirm(t, belgian, 'b2b-new@example.com', 'be.localhost:8080', 'fr-BE');
    const address = oneClickAddressOf(mail);
    expect(address.origin).toBe('http://be.localhost:8080');
    const page = await t.app.inject({
      url: address.pathname,
      headers: { host: 'be.localhost:8080', 'accept-language': 'fr-BE,fr;q=0.9' },
    });
    expect(page.body).toContain('<html lang="fr-BE">');
    expect(page.body).toContain('<button type="submit">Se désinscrire</button>');
    const done = await t.app.inject({
      method: 'POST',
      url: address.pathname,
      headers: { host: 'be.localhost:8080', 'accept-language': 'fr-BE' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Vous êtes désinscrit.');
    expect(await statusOf(belgian)).toBe('none');
  });
});

describe('the opt-in mail at an SMTP relay', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@photoshop.example' });
    await seedDemoAccounts(createCustomersRepository(t.db));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('carries List-Unsubscribe and List-Unsubscribe-Post, and the POST to that address unsubscribes', async () => {
    const demo = await signIn(t, { email: 'demo@example.com' });
    await t.app.inject({
      method: 'POST',
      url: `${base}/me/subscription`,
      headers: demo.headers,
      payload: { consentTextVersion: NEWSLETTER_CONSENT_VERSION },
    });
    await t.app.jobs.drain();
    const received = smtp.received.find(
      (mail) => mail.to && 'value' in mail.to && mail.to.value[0]?.address === 'demo@example.com',
    );
    expect(received, 'the opt-in mail at the relay').toBeDefined();
    const header = (name: string) =>
      received!.headerLines
        .filter((line) => line.key === name)
        .map((line) => line.line.replace(/^[^:]+:\s*/, ''));
    const [listUnsubscribe] = header('list-unsubscribe');
    expect(listUnsubscribe).toMatch(
      new RegExp(`^<http://nl\\.localhost:8080${NEWSLETTER_ONE_CLICK_PATH}/1\\.[\\w-]{22}\\.[\\w-]{43}>$`),
    );
    expect(header('list-unsubscribe-post')).toEqual([ONE_CLICK_BODY]);
    expect(received!.text).toContain(listUnsubscribe!.slice(1, -1));

    const answer = await t.app.inject({
      method: 'POST',
      url: new URL(listUnsubscribe!.slice(1, -1)).pathname,
      headers: { host: NL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: ONE_CLICK_BODY,
    });
    expect(answer.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `${base}/me/subscription`, headers: demo.headers })).json<{
        status: string;
      }>(),
    ).toEqual({ status: 'none' });
  });
});
