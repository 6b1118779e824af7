import { formatMoney } from '@photo/contracts/money';
import type { PageContext } from '../auth/sign-in.pages';
import { escapeHtml } from '../platform/html';
import { renderCardPage } from '../platform/page-layout';
import type { TestPaymentSession } from './test-payments.repository';
import { testPaymentPagePath } from './test-payment-provider';

/**
 * The local test provider's page: what is paid, and two buttons. No field asks for card data; each form
 * carries the one-time secret this rendering was given, without which nothing is decided.
 */
export function renderTestPaymentPage(
  context: PageContext,
  session: TestPaymentSession,
  pageSecret: string,
): string {
  const { t } = context;
  const amount =
    session.amountMinor === 0
      ? t('testPayment.noCharge')
      : t('testPayment.amount', {
          amount: formatMoney(session.amountMinor, session.currency, context.locale),
        });
  const action = testPaymentPagePath(session.id);
  const secret = `<input type="hidden" name="secret" value="${escapeHtml(pageSecret)}">`;
  return renderCardPage(
    context,
    t('testPayment.title'),
    `<h1>${escapeHtml(t('testPayment.title'))}</h1>
<p>${escapeHtml(t('testPayment.intro'))}</p>
<p><strong>${escapeHtml(session.description)}</strong></p>
<p>${escapeHtml(amount)}</p>
<form method="post" action="${escapeHtml(action)}">
${secret}
<input type="hidden" name="decision" value="pay">
<button type="submit">${escapeHtml(t('testPayment.pay'))}</button>
</form>
<form method="post" action="${escapeHtml(action)}">
${secret}
<input type="hidden" name="decision" value="fail">
<button type="submit" class="secondary">${escapeHtml(t('testPayment.fail'))}</button>
</form>`,
  );
}

export function renderTestPaymentGonePage(context: PageContext): string {
  const { t } = context;
  return renderCardPage(
    context,
    t('testPayment.goneTitle'),
    `<h1>${escapeHtml(t('testPayment.goneTitle'))}</h1>
<p>${escapeHtml(t('testPayment.goneBody'))}</p>
<p><a class="button" href="/">${escapeHtml(t('testPayment.backToAccount'))}</a></p>`,
  );
}
