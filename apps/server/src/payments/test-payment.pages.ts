import { layout, type PageContext } from '../auth/sign-in.pages';
import { escapeHtml } from '../platform/html';
import type { TestPaymentSession } from './test-payments.repository';
import { testPaymentPagePath } from './test-payment-provider';

const formatAmount = (locale: string, amountMinor: number, currency: string) => {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
};

/** The local test provider's page: what is paid, and two buttons. No field asks for card data. */
export function renderTestPaymentPage(context: PageContext, session: TestPaymentSession): string {
  const { t } = context;
  const amount =
    session.amountMinor === 0
      ? t('testPayment.noCharge')
      : t('testPayment.amount', {
          amount: formatAmount(context.locale, session.amountMinor, session.currency),
        });
  const action = testPaymentPagePath(session.id);
  return layout(
    context,
    t('testPayment.title'),
    `<h1>${escapeHtml(t('testPayment.title'))}</h1>
<p>${escapeHtml(t('testPayment.intro'))}</p>
<p><strong>${escapeHtml(session.description)}</strong></p>
<p>${escapeHtml(amount)}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="decision" value="pay">
<button type="submit">${escapeHtml(t('testPayment.pay'))}</button>
</form>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="decision" value="fail">
<button type="submit" class="secondary">${escapeHtml(t('testPayment.fail'))}</button>
</form>`,
  );
}

export function renderTestPaymentGonePage(context: PageContext): string {
  const { t } = context;
  return layout(
    context,
    t('testPayment.goneTitle'),
    `<h1>${escapeHtml(t('testPayment.goneTitle'))}</h1>
<p>${escapeHtml(t('testPayment.goneBody'))}</p>
<p><a class="button" href="/">${escapeHtml(t('testPayment.backToAccount'))}</a></p>`,
  );
}
