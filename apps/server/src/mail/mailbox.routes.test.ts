import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createStorefrontResolver } from '../storefronts/storefronts';
import { accessibilityViolations } from '../testing/axe';
import { createTestApp, type TestApp } from '../testing/test-app';
import { enqueueMail } from './mail-outbox.service';
import { defineMailTemplate } from './mail-template';
import type { MailboxEntry } from './mailbox.routes';

const UNSUBSCRIBE_URL = 'http://nl.localhost:8080/newsletter/unsubscribe/1.test';

/** A mail of a list: it carries List-Unsubscribe headers, which the mailbox shows. */
const welcomeBack = defineMailTemplate<{ name: string }>({
  name: 'test.welcome-back',
  compose: ({ name }) => ({
    subject: `Welcome back, ${name}`,
    blocks: [{ kind: 'action', label: 'See what is new', url: 'http://nl.localhost:8080/news?from=mail' }],
    list: { url: UNSUBSCRIBE_URL, oneClick: true },
  }),
});

describe('the local mailbox', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const open = (url: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({ url, remoteAddress, headers: { host: 'nl.localhost:8080', ...headers } });

  beforeAll(async () => {
    t = await createTestApp({ STOREFRONT_HOSTS: '{"nl":"www.photoshop.nl"}' });
    const resolver = createStorefrontResolver(t.config);
    const send = (host: string, locale: string, to: string, name: string) =>
      t.db.transaction((tx) =>
        enqueueMail(tx, {
          template: welcomeBack,
          params: { name },
          to,
          storefront: resolver.resolve(host)!,
          locale,
        }),
      );
    ids.first = await send('nl.localhost:8080', 'nl-NL', 'Ada@Example.com', 'Ada');
    ids.hostile = await send('nl.localhost:8080', 'nl-NL', 'eve@example.com', '<script>alert(1)</script>');
    ids.german = await send('de.localhost:8080', 'de-AT', 'ada@example.com', 'Ada');
    await t.app.jobs.drain();
  });
  afterAll(() => t.close());

  it("lists the storefront's captured mails, newest first, and nothing of another storefront", async () => {
    const page = await open('/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const links = [...page.body.matchAll(/<a href="\/dev\/mailbox\/([^"]+)">([^<]*)<\/a>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(links).toEqual([
      [ids.hostile, 'Welcome back, &lt;script&gt;alert(1)&lt;/script&gt;'],
      [ids.first, 'Welcome back, Ada'],
    ]);
    expect(page.body).not.toContain('<script>');
    expect(await accessibilityViolations(page.body)).toEqual([]);

    const german = await open('/dev/mailbox', { host: 'de.localhost:8080' });
    expect(german.body).toContain(`/dev/mailbox/${ids.german}`);
    expect(german.body).not.toContain(ids.first);
  });

  it('answers the mails as JSON for tests, filtered by recipient whatever the case', async () => {
    const response = await open('/dev/mailbox.json?to=ada%40example.com');
    expect(response.statusCode).toBe(200);
    const { mails } = response.json<{ mails: MailboxEntry[] }>();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      id: ids.first,
      to: 'Ada@Example.com',
      subject: 'Welcome back, Ada',
      state: 'sent',
      links: ['http://nl.localhost:8080/news?from=mail', 'https://www.photoshop.nl'],
      listHeaders: {
        'List-Unsubscribe': `<${UNSUBSCRIBE_URL}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect((await open('/dev/mailbox.json')).json<{ mails: MailboxEntry[] }>().mails).toHaveLength(2);
    expect((await open(`/dev/mailbox.json?to=${'x'.repeat(300)}`)).statusCode).toBe(400);
  });

  it('shows one mail: its HTML framed in a sandbox under a strict policy, its links and its text', async () => {
    const page = await open(`/dev/mailbox/${ids.hostile}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<iframe class="mail-html" title="HTML part of the mail" src="/dev/mailbox/${ids.hostile}/html" sandbox="allow-popups allow-popups-to-escape-sandbox"></iframe>`,
    );
    expect(page.body).toContain('<li><a href="http://nl.localhost:8080/news?from=mail">');
    expect(page.body).toContain('<pre class="mail-text">PhotoShop Nederland');
    expect(page.body).toContain(`<dt>List-Unsubscribe</dt><dd>&lt;${UNSUBSCRIBE_URL}&gt;</dd>`);
    expect(page.body).toContain('<dt>List-Unsubscribe-Post</dt><dd>List-Unsubscribe=One-Click</dd>');
    expect(page.body).not.toContain('<script>');
    expect(await accessibilityViolations(page.body)).toEqual([]);

    const html = await open(`/dev/mailbox/${ids.hostile}/html`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox",
    );
    expect(html.body).toContain('<html lang="nl-NL">');
    expect(html.body).toContain('Welcome back, &lt;script&gt;');
  });

  it("answers 404 for another storefront's mail and for an id that is not one", async () => {
    expect((await open(`/dev/mailbox/${ids.german}`)).statusCode).toBe(404);
    expect((await open(`/dev/mailbox/${ids.german}/html`)).statusCode).toBe(404);
    expect((await open('/dev/mailbox/not-an-id')).statusCode).toBe(404);
  });

  it('shows nothing to another machine, nor at a real host name, even from this machine', async () => {
    const remote = await open('/dev/mailbox.json', {}, '203.0.113.7');
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('Ada');
    expect((await open(`/dev/mailbox/${ids.first}`, {}, '203.0.113.7')).statusCode).toBe(404);
    const realHost = await open('/dev/mailbox.json', { host: 'www.photoshop.nl' });
    expect(realHost.statusCode).toBe(404);
    expect(realHost.body).not.toContain('Ada');
  });
});

describe('the local mailbox, switched off', () => {
  it.each([
    ['with an SMTP relay', { SMTP_URL: 'smtp://relay.example:587', MAIL_FROM: 'no-reply@photoshop.example' }],
    ['with MAILBOX_ENABLED=false', { MAILBOX_ENABLED: 'false' }],
  ])('is not there %s', async (_case, env) => {
    const t = await createTestApp(env);
    try {
      const response = await t.app.inject({ url: '/dev/mailbox', headers: { host: 'nl.localhost:8080' } });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('cannot be switched on next to a relay, and a relay needs a sender address', () => {
    expect(() =>
      loadConfig({ SMTP_URL: 'smtp://relay.example:587', MAIL_FROM: 'a@b.example', MAILBOX_ENABLED: 'true' }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'smtp://relay.example:587' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: 'http://relay.example' })).toThrow(/SMTP_URL/);
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: undefined,
      fromAddress: 'no-reply@photoshop.example',
      mailboxEnabled: true,
    });
  });
});
