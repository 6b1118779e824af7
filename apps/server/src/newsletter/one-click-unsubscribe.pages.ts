import type { LocaleMessages } from '@photo/contracts/app-config';
import { escapeHtml } from '../platform/html';
import { renderCardPage } from '../platform/page-layout';

/**
 * The texts of the unsubscribe pages: the web app's own (`newsletterUnsubscribe.*` in
 * `apps/web/locales`), so the page of the signed address and the app's page say the same words.
 */
type PageKey =
  | 'newsletterUnsubscribe.title'
  | 'newsletterUnsubscribe.intro'
  | 'newsletterUnsubscribe.confirm'
  | 'newsletterUnsubscribe.done'
  | 'newsletterUnsubscribe.failed';

export interface UnsubscribePageContext {
  locale: string;
  vendor: string;
  messages: LocaleMessages;
}

const message = (context: UnsubscribePageContext, key: PageKey) => context.messages[key] ?? key;
const text = (context: UnsubscribePageContext, key: PageKey) => escapeHtml(message(context, key));

/**
 * What a person who opens the mail's address sees: a button, and nothing unsubscribed yet. Mail
 * scanners fetch every address of a mail; only the POST of the button (or of the mail client's
 * one-click) unsubscribes. It posts what RFC 8058's one-click posts.
 */
export function renderUnsubscribePage(context: UnsubscribePageContext, action: string): string {
  return renderCardPage(
    context,
    message(context, 'newsletterUnsubscribe.title'),
    `<h1>${text(context, 'newsletterUnsubscribe.title')}</h1>
<p>${text(context, 'newsletterUnsubscribe.intro')}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${text(context, 'newsletterUnsubscribe.confirm')}</button>
</form>`,
  );
}

/** The answer to the POST, to a person and to a mail provider alike. */
export function renderUnsubscribedPage(context: UnsubscribePageContext): string {
  return renderCardPage(
    context,
    message(context, 'newsletterUnsubscribe.title'),
    `<h1>${text(context, 'newsletterUnsubscribe.title')}</h1>
<p role="status">${text(context, 'newsletterUnsubscribe.done')}</p>`,
  );
}

/** An address that is not one of ours (altered, or another storefront's): the way that still works. */
export function renderInvalidAddressPage(context: UnsubscribePageContext): string {
  return renderCardPage(
    context,
    message(context, 'newsletterUnsubscribe.title'),
    `<h1>${text(context, 'newsletterUnsubscribe.title')}</h1>
<p class="alert" role="alert">${text(context, 'newsletterUnsubscribe.failed')}</p>`,
  );
}
