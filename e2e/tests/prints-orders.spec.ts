import type { Page } from '@playwright/test';
import { lapsingCustomer, privateCustomer } from '../support/accounts';
import { expectNoAxeViolations } from '../support/accessibility';
import { SERVER_CLOCK_TAG } from '../playwright.config';
import { moveServerClock } from '../support/clock';
import { expect, test } from '../support/fixtures';
import { tile } from '../support/photo-library';
import { placeOrder } from '../support/shop';
import { unitedKingdom } from '../support/storefronts';
import { newThrowawayCustomer } from '../support/throwaway-customer';
import { uniqueName } from '../support/unique-name';

/** Whole days the customer's photos are still kept, as the page reads them (through its session). */
const daysOfStorageLeft = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/storage/accounts/getaccountinformation');
    return ((await response.json()) as { daysRemaining: number }).daysRemaining;
  });

test.describe('prints ordered end to end, and the storage reactivation', () => {
  test('orders prints of selected photos through the prints-order page and the test payment', async ({
    openSignedIn,
  }) => {
    const page = await openSignedIn(privateCustomer, unitedKingdom, '/my-photos/albums');
    await page.getByRole('link', { name: /^Summer 2026/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Summer 2026' })).toBeVisible();
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await tile(page, 'IMG_4100.jpg', 'Select').click();
    await tile(page, 'IMG_4101.jpg', 'Select').click();
    await page.getByRole('toolbar').getByRole('button', { name: 'Order prints' }).click();

    // The storefront's prints editor is this product's page: the selection, with PAP_910 chosen.
    await page.waitForURL(`${unitedKingdom.origin}/prints-order?**`);
    await expect(page.getByRole('heading', { name: '2 photos selected' })).toBeVisible();
    const sizes = page.getByRole('group', { name: 'Size' });
    await expect(sizes.getByRole('radio', { name: /10 × 15 cm/ })).toBeChecked();
    await expect(sizes).toContainText('£0.17 per print');
    await sizes.getByRole('radio', { name: /13 × 18 cm/ }).check();
    await page.getByRole('spinbutton', { name: 'Copies of each photo' }).fill('2');
    await page
      .getByRole('group', { name: 'Delivery', exact: true })
      .getByRole('radio', { name: /Pickup point/ })
      .check();
    await page.getByRole('radio', { name: /PhotoShop Brixton/ }).check();
    await expect(page.getByText('48 Brixton Road, London, SW9 6BT')).toBeVisible();
    await expect(page.getByText('4 prints')).toBeVisible();
    await expectNoAxeViolations(page);
    // 2 photos x 2 copies x £0.35 + £1.99 to a pickup point.
    await page.getByRole('button', { name: 'Pay £3.39' }).click();

    // The local test payment page asks for no card data: pay or fail.
    await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible();
    await expect(page.getByText('Amount: £3.39')).toBeVisible();
    await expect(page.locator('input:not([type=hidden])')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // Paid: the order is placed, the customer is thanked and told what comes next; its details follow.
    await page.waitForURL(/\/orders\/PR-[0-9A-F]{10}\/thank-you$/);
    const orderCode = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]!);
    await expect(page.getByText(`Thank you, your order ${orderCode} is placed.`)).toBeVisible();
    await expect(page.getByText('We have sent a confirmation to demo@example.com.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'View order details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order details' })).toBeVisible();
    const summary = page.getByRole('region', { name: `Order ${orderCode}` });
    await expect(summary.getByText('Ordered', { exact: true })).toBeVisible();
    // The order costs what was paid: the prints and the delivery to the pickup point.
    await expect(summary.getByRole('definition').filter({ hasText: '£1.99' })).toBeVisible();
    await expect(summary.getByRole('definition').filter({ hasText: '£3.39' })).toBeVisible();
    const products = page.getByRole('list', { name: 'Products' });
    await expect(products.getByText('Photo prints 13 × 18 cm')).toHaveCount(2);
    await expect(products.locator('img')).toHaveCount(2);
    await expectNoAxeViolations(page);

    // And it is in progress in Orders.
    await page.goto(unitedKingdom.url('/orders'));
    const inProgress = page.getByRole('list', { name: 'In progress' });
    await expect(inProgress.getByRole('link', { name: `Order ${orderCode}` })).toBeVisible();
  });

  test('warns a customer whose photos are about to be deleted, the modal once per browser session', async ({
    openSignedIn,
  }) => {
    const page = await openSignedIn(lapsingCustomer, unitedKingdom, '/my-photos/photos');
    const modal = page.getByRole('dialog', { name: 'Your photos will be deleted in 12 days.' });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Place an order to keep them for another 18 months.');
    await expect(modal.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute(
      'href',
      'https://www.photoshop.co.uk',
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    const banner = page.getByRole('region', { name: 'Photo storage' });
    await expect(banner).toHaveText(/12 days storage remaining\./);

    // Shown once per session: neither another photos page nor a reload opens it again.
    await page.getByRole('link', { name: /^Albums/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My photos' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Photo storage' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Photo storage' })).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    // The banner's button opens it on demand.
    await page.getByRole('button', { name: 'Keep my photos' }).click();
    await expect(modal).toBeVisible();

    // A new browser session is warned again.
    const again = await openSignedIn(lapsingCustomer, unitedKingdom, '/my-photos/albums');
    await expect(
      again.getByRole('dialog', { name: 'Your photos will be deleted in 12 days.' }),
    ).toBeVisible();
  });

  test("the overview tells a lapsing customer how many photos go on which day, with 'Keep my photos'", async ({
    openSignedIn,
  }) => {
    const page = await openSignedIn(lapsingCustomer, unitedKingdom, '/');
    const storage = page.getByRole('region', { name: 'Photo storage' });
    await expect(storage).toContainText('12 days storage remaining.');
    await expect(storage).toContainText(/\d+ photos? will be deleted on \d{1,2} [A-Z][a-z]+ \d{4}\./);
    await storage.getByRole('button', { name: 'Keep my photos' }).click();
    const modal = page.getByRole('dialog', { name: 'Your photos will be deleted in 12 days.' });
    await expect(modal).toContainText('Place an order to keep them for another 18 months.');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  });

  test(
    'tells a new customer how long their photos are kept as the time runs out, and an order keeps them',
    { tag: SERVER_CLOCK_TAG },
    async ({ browser }) => {
      const { account, context, page } = await newThrowawayCustomer(
        browser,
        unitedKingdom,
        '/my-photos/photos',
      );
      const banner = page.getByRole('region', { name: 'Photo storage' });
      const keepPhotos = banner.getByRole('button', { name: 'Keep my photos' });
      const modal = page.getByRole('dialog');
      try {
        // Safe: kept 18 months after registering (17 whole months from now on), nothing to do.
        await expect(banner).toHaveText('17 months storage remaining.');
        await expect(keepPhotos).toBeHidden();
        const daysAtRegistration = await daysOfStorageLeft(page);
        const visitWithDaysLeft = async (days: number) => {
          await moveServerClock(daysAtRegistration - days);
          await page.reload();
        };

        // Warning: two months left, and a way to keep them, but no interruption.
        await visitWithDaysLeft(70);
        await expect(banner).toContainText('2 months storage remaining.');
        await expect(keepPhotos).toBeVisible();
        await expect(modal).toBeHidden();

        // Critical: days, and the modal opens by itself (once in this browser session).
        await visitWithDaysLeft(12);
        await expect(
          page.getByRole('dialog', { name: 'Your photos will be deleted in 12 days.' }),
        ).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(banner).toContainText('12 days storage remaining.');

        await visitWithDaysLeft(1);
        await expect(banner).toContainText('Your photos will be deleted tomorrow.');
        await expect(modal).toBeHidden();
        await keepPhotos.click();
        await expect(
          page.getByRole('dialog', { name: 'Your photos will be deleted tomorrow.' }),
        ).toBeVisible();
        await page.keyboard.press('Escape');

        await visitWithDaysLeft(0);
        await expect(banner).toContainText('Your photos will be deleted today.');

        // The customer orders in the shop: the period starts again and the warning is gone.
        await placeOrder({
          code: uniqueName('UK-KEEP'),
          email: account.email,
          storefront: unitedKingdom.code,
          lines: [{ articleName: 'Prints 10x15 glossy', quantity: 24, unitPrice: 17 }],
        });
        await page.reload();
        await expect(banner).toHaveText('17 months storage remaining.');
        await expect(keepPhotos).toBeHidden();
      } finally {
        await moveServerClock(0);
        await context.close();
      }
    },
  );
});
