import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as signInPages from '../auth/sign-in.pages';
import { translatorFor } from '../auth/messages';
import { renderMailboxPage, renderMailPage } from '../mail/mailbox.pages';
import type { MailRecord } from '../mail/mail-outbox.repository';
import {
  renderInvalidAddressPage,
  renderUnsubscribedPage,
  renderUnsubscribePage,
} from '../newsletter/one-click-unsubscribe.pages';
import { renderTestPaymentGonePage, renderTestPaymentPage } from '../payments/test-payment.pages';
import { renderViewerNotFound, renderViewerPage } from '../photo-books/photo-book-viewer.page';
import { renderChannelNotFound } from '../storefronts/channel-not-found.page';
import { createLocaleCatalogues } from '../storefronts/locale-catalogues';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * Server-rendered pages stay valid HTML (issue 23): every page the server renders goes through the Nu
 * Html Checker, which npm installs as `vnu-jar` and which runs on the machine's Java
 * (scripts/require-test-tools.ts). One Java run checks them all: a JVM start costs more than the checks.
 */
const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;

/** The checker's errors per page name. */
function errorsByPage(pages: Record<string, string>): Record<string, string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'html-validity-'));
  try {
    const files = Object.entries(pages).map(([name, html], index) => {
      const file = path.join(dir, `page-${index}.html`);
      writeFileSync(file, html);
      return { name, url: pathToFileURL(file).href };
    });
    const checked = spawnSync(
      'java',
      ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files.map(({ url }) => new URL(url).pathname)],
      { encoding: 'utf8' },
    );
    const { messages } = JSON.parse(checked.stderr) as {
      messages: Array<{ type: string; url?: string; message: string; extract?: string }>;
    };
    const errors: Record<string, string[]> = Object.fromEntries(files.map(({ name }) => [name, []]));
    for (const message of messages) {
      // Errors, and 'non-document-error' (a page the checker could not read) as well.
      if (message.type === 'info') continue;
      const page = files.find(({ url }) => message.url?.replace(/^file:\/+/, '/') === new URL(url).pathname);
      (errors[page?.name ?? 'unknown'] ??= []).push(`${message.message} ${message.extract ?? ''}`);
    }
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const context: signInPages.PageContext = {
  locale: 'en-GB',
  vendor: 'Photo <Shop> & Co',
  t: translatorFor('en-GB'),
};

const mail: MailRecord = {
  id: 'm1',
  template: 'confirm-account',
  recipient: 'demo@example.com',
  senderName: 'Photo Shop',
  storefrontId: 'uk',
  locale: 'en-GB',
  subject: 'Confirm your <account>',
  html: '<p>Hello & welcome: <a href="https://uk.localhost/confirm?token=a&b=c">confirm</a></p>',
  text: 'Hello: https://uk.localhost/confirm?token=a&b=c',
  listHeaders: { 'List-Unsubscribe': '<https://uk.localhost/newsletter/unsubscribe?token=t>' },
  state: 'sent',
  transport: 'capture',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-27T04:00:00.000Z',
  sentAt: '2026-11-27T04:00:01.000Z',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TEST_PAYMENTS: 'true' });
  // A busy shared machine can take a minute to build the app on PGlite.
}, 180_000);
afterAll(() => t.close());

describe('server-rendered pages', () => {
  it('every page the server renders is valid HTML', async () => {
    const served = async (url: string) => {
      const response = await t.app.inject({ url, headers: { host: 'uk.localhost:8080' } });
      expect(response.headers['content-type']).toContain('text/html');
      return response.body;
    };
    const messages = (await createLocaleCatalogues(
      new URL('../../../web/locales/', import.meta.url).pathname,
    )('en-GB', 'uk'))!;
    const viewer = { locale: 'en-GB', vendor: 'Photo <Shop>', messages };
    const book = {
      id: 'w1',
      orderId: 'o1',
      ownerId: 'c1',
      storefrontId: 'uk',
      title: 'Summer <b>book</b> & "friends"',
      productName: 'Photo book A4',
      pageCount: 3,
      blockedReason: null,
      viewerToken: 'viewer-token-0123456789',
      isPublic: true,
      pagesReceived: 3,
      createdAt: '2026-11-27T04:00:00.000Z',
    };
    const bookPages = [1, 2, 3].map((pageNumber) => ({
      pageNumber,
      blobPrefix: `books/w1/${pageNumber}`,
      width: 2480,
      height: 1754,
    }));
    const payment = {
      id: 'ps_1',
      amountMinor: 2495,
      currency: 'GBP',
      description: 'Order UK-1000001 <prints>',
      returnUrl: 'https://uk.localhost/orders/UK-1000001/thank-you',
      status: 'open' as const,
      saveMethod: true,
      mandate: null,
    };
    const errors = errorsByPage({
      'the public gallery': await served('/photo-books/gallery'),
      'an unknown photo book': await served('/photo-books/no-such-book'),
      'the public photo-book viewer': renderViewerPage(viewer, book, bookPages),
      'the viewer of no book': renderViewerNotFound(viewer),
      'sign-in': signInPages.renderSignInPage(context, { uid: 'u1' }),
      'sign-in, refused': signInPages.renderSignInPage(context, {
        uid: 'u1',
        email: 'a@b.c',
        refusal: 'wrongCredentials',
      }),
      'sign-in, unconfirmed': signInPages.renderSignInPage(context, {
        uid: 'u1',
        email: 'a@b.c',
        refusal: 'unconfirmed',
      }),
      register: signInPages.renderRegisterPage(context, { uid: 'u1' }),
      'register, with errors': signInPages.renderRegisterPage(context, {
        uid: 'u1',
        form: {
          values: { firstName: '', lastName: 'X', email: 'not-an-email', business: true },
          errors: { firstName: 'register.firstNameRequired', email: 'register.emailInvalid' },
        },
      }),
      'check your e-mail': signInPages.renderCheckEmailPage(context, {
        uid: 'u1',
        email: 'a@b.c',
        hours: 24,
      }),
      'confirm the account': signInPages.renderConfirmAccountPage(context, {
        action: '/auth/confirm',
        token: 't',
        email: 'a@b.c',
      }),
      'account ready': signInPages.renderAccountReadyPage(context, { email: 'a@b.c' }),
      'confirmation link used': signInPages.renderConfirmationLinkPage(context, { state: 'used', hours: 24 }),
      'confirmation link invalid': signInPages.renderConfirmationLinkPage(context, {
        state: 'invalid',
        hours: 24,
      }),
      'too many attempts': signInPages.renderTooManyAttemptsPage(context, {
        href: '/auth/login',
        minutes: 15,
      }),
      'sign-in expired': signInPages.renderExpiredPage(context),
      'sign-in failed': signInPages.renderSignInFailedPage(context, 'req-1'),
      'sign-out': signInPages.renderSignOutPage(
        context,
        '<form method="post" action="/oidc/session/end/confirm"><input type="hidden" name="xsrf" value="x"><button autofocus type="submit" name="logout" value="yes">Yes, sign me out</button></form>',
      ),
      'signed out': signInPages.renderSignedOutPage(context),
      'test payment': renderTestPaymentPage(context, payment, 'secret'),
      'test payment, nothing to charge': renderTestPaymentPage(
        context,
        { ...payment, amountMinor: 0 },
        'secret',
      ),
      'test payment gone': renderTestPaymentGonePage(context),
      'newsletter unsubscribe': renderUnsubscribePage(viewer, '/newsletter/unsubscribe?token=a&b=c'),
      'newsletter unsubscribed': renderUnsubscribedPage(viewer),
      'newsletter, invalid address': renderInvalidAddressPage(viewer),
      'unknown storefront': renderChannelNotFound('req-1'),
      'development mailbox': renderMailboxPage({
        vendor: 'Photo Shop',
        hostname: 'uk.localhost',
        mails: [mail],
      }),
      'development mailbox, empty': renderMailboxPage({
        vendor: 'Photo Shop',
        hostname: 'uk.localhost',
        mails: [],
      }),
      'development mail': renderMailPage({ vendor: 'Photo Shop', mail }),
    });
    expect(errors).toEqual(Object.fromEntries(Object.keys(errors).map((name) => [name, []])));
  }, 120_000);
});
