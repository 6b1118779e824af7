import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';
import { businessCustomer, privateCustomer } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { SERVER_CLOCK_TAG } from '../playwright.config';
import { moveServerClock } from '../support/clock';
import { moveOrder, shopCommand } from '../support/shop';
import { unitedKingdom } from '../support/storefronts';
import { newThrowawayCustomer } from '../support/throwaway-customer';

interface ListedOrder {
  orderCode: string;
  status: string;
  inProgress: boolean;
  deliveryType: string;
  orders: Array<{ code: string; products: Array<{ voucher: string | null }> }>;
}

/** Today's price of a product code in a channel, as the shop's catalogue (the merchandise GraphQL) says. */
const cataloguePrice = (page: Page, channelId: string, productCode: string) =>
  page.evaluate(
    async ({ channelId, productCode }) => {
      const response = await fetch('/api/merchandise/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query ($id: ID!) { channel(id: $id) { articles { sizes { productCode price { amountMinor } } } } }`,
          variables: { id: channelId },
        }),
      });
      const { data } = (await response.json()) as {
        data: {
          channel: {
            articles: Array<{ sizes: Array<{ productCode: string; price: { amountMinor: number } }> }>;
          };
        };
      };
      const sizes = data.channel.articles.flatMap((article) => article.sizes);
      return sizes.find((size) => size.productCode === productCode)!.price.amountMinor;
    },
    { channelId, productCode },
  );

/** Reorder from the order's details: the review, confirmed as it stands, paid on the test provider's page. */
async function reorderAndPay(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Reorder these products' }).click();
  const review = page.getByRole('dialog', { name: 'Review your new order' });
  await review.getByRole('button', { name: /^Order and pay / }).click();
  await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
}

/** The customer's orders as the page reads them (through the browser's session). */
const myOrders = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/orders/v2/superorders/me');
    return ((await response.json()) as { items: ListedOrder[] }).items;
  });

test.describe('orders', () => {
  test('shows the demo orders in progress and in history, with details, a voucher and status history', async ({
    openSignedIn,
  }) => {
    const page = await openSignedIn(privateCustomer, unitedKingdom, '/orders');
    const inProgress = page.getByRole('list', { name: 'In progress' });
    await expect(inProgress.getByRole('listitem')).toHaveCount(5);
    await expect(inProgress.getByText('Awaiting payment')).toBeVisible();
    await expect(inProgress.getByText('In production')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('list', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(4);
    await expect(history.getByText('Cancelled')).toBeVisible();

    const withVoucher = (await myOrders(page)).find((order) =>
      order.orders.some((inner) => inner.products.some((product) => product.voucher)),
    )!;
    await page.getByRole('button', { name: 'In progress' }).click();
    await inProgress.getByRole('link', { name: `Order ${withVoucher.orderCode}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order details' })).toBeVisible();
    await expect(page.getByText('Voucher BOOK20: 20% off photo books')).toBeVisible();
    // Named as the catalogue sells it on this storefront, whatever name the shop's order carried.
    await expect(page.getByText('Photo book A4 21 × 30 cm', { exact: true })).toBeVisible();
    // Product pictures are decorative (the name says what it is), and they load.
    const pictures = page.getByRole('list', { name: 'Products' }).locator('img');
    await expect(pictures).toHaveCount(2);
    await expect
      .poll(() =>
        pictures.evaluateAll((images) =>
          images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
        ),
      )
      .toBe(true);
    await expect(page.getByText('Status history')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(unitedKingdom.url('/orders/NL-0000000'));
    await expect(page.getByRole('alert')).toHaveText('Order not found');
  });

  test('follows an order the shop advances, and reorders a sent one at today’s catalogue prices', async ({
    openSignedIn,
  }) => {
    const page = await openSignedIn(businessCustomer, unitedKingdom, '/orders');
    const orders = await myOrders(page);
    const awaiting = orders.find((order) => order.status === 'AwaitingPayment')!;
    await page.getByRole('link', { name: `Order ${awaiting.orderCode}` }).click();
    const summary = page.getByRole('region', { name: `Order ${awaiting.orderCode}` });
    await expect(summary.getByText('Awaiting payment')).toBeVisible();

    await moveOrder(awaiting.orders[0]!.code, 'Confirmed');
    await page.reload();
    await expect(summary.getByText('Ordered', { exact: true })).toBeVisible();
    await moveOrder(awaiting.orders[0]!.code, 'Dispatched');
    await page.reload();
    await expect(summary.getByText('Sent', { exact: true })).toBeVisible();
    // A late report of an earlier state changes nothing.
    await moveOrder(awaiting.orders[0]!.code, 'ProductionStarted');
    await page.reload();
    await expect(summary.getByText('Sent', { exact: true })).toBeVisible();

    await reorderAndPay(page);
    const reordered = (await myOrders(page))[0]!;
    expect(reordered.orderCode).not.toBe(awaiting.orderCode);
    await expect(page).toHaveURL(new RegExp(`/orders/${reordered.orderCode}/thank-you$`));

    // A reorder is made at today's catalogue price: the voucher of the first order does not carry over.
    const withVoucher = (await myOrders(page)).find((order) =>
      order.orders.some((inner) => inner.products.some((product) => product.voucher)),
    )!;
    await page.goto(unitedKingdom.url(`/orders/${withVoucher.orderCode}`));
    const book = page
      .getByRole('list', { name: 'Products' })
      .getByRole('listitem')
      .filter({ hasText: 'Photo book A4 21 × 30 cm' });
    await expect(book).toContainText('Voucher BOOK20');
    const todays = await cataloguePrice(page, 'UK', 'BOOK_A4_HARD');
    const pounds = (minor: number) =>
      new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(minor / 100);
    await expect(book).not.toContainText(pounds(todays));
    await reorderAndPay(page);
    const again = (await myOrders(page))[0]!;
    await expect(page).toHaveURL(new RegExp(`/orders/${again.orderCode}/thank-you$`));
    await page.getByRole('link', { name: 'View order details' }).click();
    await expect(book).toContainText(pounds(todays));
    await expect(book).not.toContainText('Voucher');
  });

  test('changes the delivery address of an order before production, and is refused once production started', async ({
    openSignedIn,
  }) => {
    const page = await openSignedIn(businessCustomer, unitedKingdom, '/orders');
    const changeable = (await myOrders(page)).find(
      (order) => order.status === 'Ordered' && order.deliveryType === 'Home',
    )!;
    await page.getByRole('link', { name: `Order ${changeable.orderCode}` }).click();
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await delivery.getByRole('button', { name: 'Change delivery address' }).click();
    await delivery.getByLabel('Street name').fill('Herengracht');
    await delivery.getByLabel('Street number').fill('401');
    await expectNoAxeViolations(page);
    await delivery.getByRole('button', { name: 'Save address' }).click();
    await expect(delivery.getByRole('status')).toHaveText('The delivery address has been changed.');
    // The first changeable order may go to the UK ('401 Herengracht') or elsewhere ('Herengracht 401').
    const changed = delivery.getByText(/401 Herengracht|Herengracht 401/);
    await expect(changed).toBeVisible();
    await page.reload();
    await expect(changed).toBeVisible();

    // The shop starts production while the customer is editing: the change is refused.
    await delivery.getByRole('button', { name: 'Change delivery address' }).click();
    await delivery.getByLabel('Street number').fill('403');
    await moveOrder(changeable.orders[0]!.code, 'ProductionStarted');
    await delivery.getByRole('button', { name: 'Save address' }).click();
    await expect(delivery.getByRole('alert')).toHaveText(
      'This order is already in production: its delivery address can no longer be changed.',
    );
    await delivery.getByRole('button', { name: 'Cancel' }).click();
    await expect(changed).toBeVisible();
    await expect(
      delivery.getByText('The delivery address can no longer be changed: production has started.'),
    ).toBeVisible();
  });

  test(
    'an order the shop has sent and been paid for stays in progress for 14 days, then moves to history',
    { tag: SERVER_CLOCK_TAG },
    async ({ browser }) => {
      const { account, context, page } = await newThrowawayCustomer(browser, unitedKingdom, '/orders');
      try {
        await expect(page.getByText("You haven't ordered anything yet!")).toBeVisible();
        // The shop's operators place the order, take the payment and send it with their command.
        const orderCode = (
          await shopCommand('place', '--email', account.email, '--storefront', unitedKingdom.code)
        ).trim();
        await page.reload();
        const inProgress = page.getByRole('list', { name: 'In progress' });
        const order = inProgress
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: `Order ${orderCode}` }) });
        await expect(order.getByText('Awaiting payment')).toBeVisible();

        await shopCommand('pay', orderCode);
        await shopCommand('dispatch', orderCode);
        await page.reload();
        await expect(order.getByText('Sent', { exact: true })).toBeVisible();

        // 13 days after the payment it is still in progress; after 14 it is history.
        await moveServerClock(13);
        await page.reload();
        await expect(order.getByText('Sent', { exact: true })).toBeVisible();
        await moveServerClock(15);
        await page.reload();
        await expect(page.getByText('You have no orders in progress.')).toBeVisible();
        await page.getByRole('button', { name: 'History' }).click();
        const history = page.getByRole('list', { name: 'History' });
        await expect(history.getByRole('link', { name: `Order ${orderCode}` })).toBeVisible();
        await expect(history.getByText('Sent', { exact: true })).toBeVisible();
      } finally {
        await moveServerClock(0);
        await context.close();
      }
    },
  );
});
