import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { pageHeading } from '../support/account-area';
import { expect, test } from '../support/fixtures';
import { waitForMail, type CapturedMail } from '../support/mailbox';
import { moveOrder, placeOrder } from '../support/shop';
import { netherlands, unitedKingdom, type Storefront } from '../support/storefronts';
import { appTexts, fill, mailTexts, signInTexts } from '../support/texts';
import { newThrowawayCustomer } from '../support/throwaway-customer';
import { uniqueName } from '../support/unique-name';

/** The customer pays on the local test provider's page (TEST_PAYMENTS), in the storefront's language. */
async function payOnProviderPage(page: Page, storefront: Storefront): Promise<void> {
  const provider = signInTexts(storefront);
  await expect(page.getByRole('heading', { name: provider('testPayment.title') })).toBeVisible();
  await page.getByRole('button', { name: provider('testPayment.pay'), exact: true }).click();
}

/** The thank-you page an order placed and paid here lands on (issue 20). */
async function expectThankYou(page: Page, storefront: Storefront, email: string): Promise<string> {
  const t = appTexts(storefront);
  await expect(page).toHaveURL(/\/orders\/[^/]+\/thank-you$/);
  const orderCode = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
  await expect(pageHeading(page, storefront, 'title.orderPlaced')).toBeVisible();
  await expect(page.getByText(fill(t('orderPlaced.heading'), { code: orderCode }))).toBeVisible();
  await expect(page.getByText(fill(t('orderPlaced.mailSent'), { email }))).toBeVisible();
  await expect(page.getByRole('heading', { name: t('orderPlaced.nextHeading') })).toBeVisible();
  await expectNoAxeViolations(page);
  return orderCode;
}

/** The mail of a template about this order, as the storefront's mailbox holds it, in its language. */
async function orderMail(
  storefront: Storefront,
  email: string,
  template: string,
  subjectKey: string,
  orderCode: string,
): Promise<CapturedMail> {
  // The customer's earlier order may have had a mail of the same template: wait for this order's.
  const subject = fill(mailTexts(storefront)(subjectKey), { code: orderCode });
  const mail = await waitForMail(storefront, { to: email, template, subject });
  expect(mail.links).toContain(storefront.url(`/orders/${orderCode}`));
  return mail;
}

test.describe('paying for orders (issue 20)', () => {
  test('reorders with a review and a saved card, lands on the thank-you page, and gets the three order mails', async ({
    browser,
  }) => {
    const en = appTexts(unitedKingdom);
    const mail = mailTexts(unitedKingdom);
    const { account, context, page } = await newThrowawayCustomer(browser, unitedKingdom, '/settings');

    // The card is saved on the provider's page once; nothing is charged then.
    await page.getByRole('link', { name: en('title.paymentMethod') }).click();
    await page.getByRole('radio', { name: en('paymentMethod.method.card') }).check();
    await page.getByRole('button', { name: en('paymentMethod.save') }).click();
    await expect(page.getByText(signInTexts(unitedKingdom)('testPayment.noCharge'))).toBeVisible();
    await payOnProviderPage(page, unitedKingdom);
    await expect(page).toHaveURL(unitedKingdom.url('/settings/payment-method'));

    // An earlier order of 12 prints, made and sent by the shop.
    const earlier = uniqueName('UK-E2E');
    await placeOrder({
      code: earlier,
      email: account.email,
      storefront: 'uk',
      state: 'Dispatched',
      lines: [
        {
          productCode: 'PAP_910',
          articleGroup: 'prints',
          articleName: 'Prints 10x15',
          quantity: 12,
          unitPrice: 10,
        },
      ],
    });
    await page.goto(unitedKingdom.url(`/orders/${earlier}`));
    await page.getByRole('button', { name: en('orders.reorder.action') }).click();

    // The review: what is made again at today's price, where it goes, the total, and the saved card.
    const review = page.getByRole('dialog', { name: en('orders.reorder.reviewTitle') });
    await expect(review.getByText('12 × Photo prints 10 × 15 cm')).toBeVisible();
    await expect(review.getByText('£2.04')).toBeVisible();
    await expect(review.getByText('£3.49')).toBeVisible();
    await expect(review.getByText('1 High Street')).toBeVisible();
    await expect(
      review.getByText(fill(en('orders.reorder.paySaved'), { method: en('paymentMethod.method.card') })),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await review
      .getByRole('button', { name: fill(en('orders.reorder.confirmPay'), { amount: '£5.53' }) })
      .click();

    // Charged through the provider at once: no payment page, straight to the thank-you page.
    const orderCode = await expectThankYou(page, unitedKingdom, account.email);
    await expect(page.getByText(/Your payment has arrived/)).toBeVisible();
    await page.getByRole('link', { name: en('orderPlaced.viewOrder') }).click();
    const summary = page.getByRole('region', { name: `Order ${orderCode}`, exact: true });
    await expect(summary.getByText(en('orders.status.ordered'), { exact: true })).toBeVisible();

    const confirmation = await orderMail(
      unitedKingdom,
      account.email,
      'order.confirmation',
      'orderConfirmation.subject',
      orderCode,
    );
    expect(confirmation.text).toContain('12 × Photo prints 10 × 15 cm: £2.04');
    expect(confirmation.text).toContain(`${mail('order.total')}: £5.53`);
    const receipt = await orderMail(
      unitedKingdom,
      account.email,
      'order.payment-received',
      'paymentReceived.subject',
      orderCode,
    );
    expect(receipt.text).toContain(fill(mail('paymentReceived.intro'), { amount: '£5.53', code: orderCode }));

    // The shop dispatches it: the customer is told it is on its way.
    await moveOrder(`${orderCode}-1`, 'Dispatched');
    const sent = await orderMail(unitedKingdom, account.email, 'order.sent', 'orderSent.subject', orderCode);
    expect(sent.text).toContain(fill(mail('orderSent.intro'), { code: orderCode }));
    await context.close();
  });

  test('pays an order awaiting payment later from its details, in Dutch, with the mails in Dutch', async ({
    browser,
  }) => {
    const nl = appTexts(netherlands);
    const { account, context, page } = await newThrowawayCustomer(browser, netherlands, '/orders');
    const code = uniqueName('NL-E2E');
    await placeOrder({
      code,
      email: account.email,
      storefront: 'nl',
      paymentStatus: 'paymentPending',
      lines: [
        {
          productCode: 'PAP_1318',
          articleGroup: 'prints',
          articleName: 'Prints 13x18',
          quantity: 4,
          unitPrice: 35,
        },
      ],
    });
    await page.reload();

    // The list offers to pay it; the details say it waits for the payment.
    const row = page.getByRole('listitem').filter({ hasText: code });
    await expect(row.getByRole('button', { name: nl('orders.pay.action') })).toBeVisible();
    await expect(row.getByRole('button', { name: nl('orders.cancel.action') })).toBeVisible();
    await row.getByRole('link', { name: `Bestelling ${code}` }).click();
    await expect(page.getByText(nl('orders.awaitingPayment'))).toBeVisible();
    // Named from the catalogue in Dutch, though the shop's order said 'Prints 13x18'.
    await expect(page.getByText('Fotoafdrukken 13 × 18 cm', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    // The first try fails on the provider's page: back on the order, which can be paid again.
    await page.getByRole('button', { name: nl('orders.pay.action') }).click();
    await page.getByRole('button', { name: signInTexts(netherlands)('testPayment.fail') }).click();
    await expect(page.getByRole('alert')).toHaveText(nl('orders.paymentDeclined'));
    await page.getByRole('button', { name: nl('orders.pay.action') }).click();
    await payOnProviderPage(page, netherlands);

    const orderCode = await expectThankYou(page, netherlands, account.email);
    expect(orderCode).toBe(code);
    await page.goto(netherlands.url(`/orders/${code}`));
    const summary = page.getByRole('region', { name: `Bestelling ${code}`, exact: true });
    await expect(summary.getByText(nl('orders.status.ordered'), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: nl('orders.pay.action') })).toBeHidden();

    const receipt = await orderMail(
      netherlands,
      account.email,
      'order.payment-received',
      'paymentReceived.subject',
      code,
    );
    expect(receipt.text).toContain('4 × Fotoafdrukken 13 × 18 cm');
    expect(receipt.locale).toBe('nl-NL');

    // Reordered without a saved method: reviewed, paid on the provider's page, confirmed in Dutch.
    await page.getByRole('button', { name: nl('orders.reorder.action') }).click();
    const review = page.getByRole('dialog', { name: nl('orders.reorder.reviewTitle') });
    await expect(review.getByText(nl('orders.reorder.payProvider'))).toBeVisible();
    await review.getByRole('button', { name: /^Bestellen en .+ betalen$/ }).click();
    await payOnProviderPage(page, netherlands);
    const again = await expectThankYou(page, netherlands, account.email);
    await orderMail(netherlands, account.email, 'order.confirmation', 'orderConfirmation.subject', again);
    await moveOrder(`${again}-1`, 'Dispatched');
    const sent = await orderMail(netherlands, account.email, 'order.sent', 'orderSent.subject', again);
    expect(sent.locale).toBe('nl-NL');
    await context.close();
  });
});
