import {
  blockedBusinessCustomer,
  businessCustomer,
  newBusinessCustomer,
  privateCustomer,
} from '../support/accounts';
import { accountMenu, pageHeading } from '../support/account-area';
import { expect, test } from '../support/fixtures';
import { germany, netherlands, unitedKingdom } from '../support/storefronts';
import { appTexts } from '../support/texts';

test.describe('a page a customer may not open leads to the overview (docs/product/routes.md route guards)', () => {
  for (const path of ['/invoices', '/integration', '/settings/b2b']) {
    test(`a private customer opening ${path}`, async ({ openSignedIn }) => {
      const page = await openSignedIn(privateCustomer, netherlands, path);

      await expect(page).toHaveURL(netherlands.url('/'));
      await expect(pageHeading(page, netherlands, 'title.overview')).toBeVisible();
    });
  }

  for (const path of ['/online-products', '/settings']) {
    test(`a business customer opening ${path}`, async ({ openSignedIn }) => {
      const page = await openSignedIn(businessCustomer, germany, path);

      await expect(page).toHaveURL(germany.url('/'));
      await expect(pageHeading(page, germany, 'title.overview')).toBeVisible();
    });
  }
});

test('an embedding app asks for stripped=true: no header, no menu, and it stays so from page to page', async ({
  openSignedIn,
}) => {
  const t = appTexts(netherlands);
  const page = await openSignedIn(privateCustomer, netherlands, '/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(accountMenu(page, netherlands)).toBeVisible();

  await page.goto(netherlands.url('/?stripped=true'));
  await expect(pageHeading(page, netherlands, 'title.overview')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(accountMenu(page, netherlands)).toHaveCount(0);

  await page
    .getByRole('main')
    .getByRole('link', { name: t('overview.allOrders'), exact: true })
    .click();

  await expect(page).toHaveURL(netherlands.url('/orders?stripped=true'));
  await expect(pageHeading(page, netherlands, 'title.orders')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(accountMenu(page, netherlands)).toHaveCount(0);

  // A guard's redirect is an in-app navigation too.
  await page.goto(netherlands.url('/invoices?stripped=true'));
  await expect(page).toHaveURL(netherlands.url('/?stripped=true'));
  await expect(pageHeading(page, netherlands, 'title.overview')).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
});

test('on a phone the overview gives its place to the menu', async ({ openSignedIn }) => {
  const t = appTexts(netherlands);
  const page = await openSignedIn(privateCustomer, netherlands, '/', {
    viewport: { width: 375, height: 740 },
  });
  const menu = accountMenu(page, netherlands);
  // The overview's panels and section links: lists, all of them hidden on a phone.
  const overviewSections = page.getByRole('main').getByRole('list').first();

  await expect(pageHeading(page, netherlands, 'title.overview')).toBeVisible();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: t('title.orders') })).toBeVisible();
  await expect(overviewSections).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 740 });
  await expect(overviewSections).toBeVisible();
});

test('a blocked business account is told to contact customer care', async ({ openSignedIn }) => {
  const t = appTexts(unitedKingdom);
  const page = await openSignedIn(blockedBusinessCustomer, unitedKingdom, '/');

  await expect(page.getByRole('alert')).toContainText(t('banner.blocked'));
  await expect(
    page.getByRole('alert').getByRole('link', { name: t('common.contactCustomerCare') }),
  ).toBeVisible();
  await expect(page.getByText(t('banner.missingDetails'))).toHaveCount(0);
});

test('a new business account is asked to complete its details', async ({ openSignedIn }) => {
  const t = appTexts(unitedKingdom);
  const page = await openSignedIn(newBusinessCustomer, unitedKingdom, '/');
  const banner = page.getByRole('status').filter({ hasText: t('banner.missingDetails') });

  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: t('banner.missingDetailsAction') })).toHaveAttribute(
    'href',
    '/settings/b2b',
  );
  await expect(page.getByText(t('banner.blocked'))).toHaveCount(0);
});

test.describe('a keyboard user', () => {
  test('meets the skip link first, and it moves focus to the main content', async ({ openSignedIn }) => {
    const t = appTexts(netherlands);
    const page = await openSignedIn(privateCustomer, netherlands, '/');
    await expect(pageHeading(page, netherlands, 'title.overview')).toBeVisible();
    const skipLink = page.getByRole('link', { name: t('common.skipToContent') });

    await page.keyboard.press('Tab');
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(netherlands.url('/'));
  });

  test('reaches every menu link with Tab, in order, and follows one with Enter', async ({ openSignedIn }) => {
    const page = await openSignedIn(privateCustomer, netherlands, '/');
    await expect(pageHeading(page, netherlands, 'title.overview')).toBeVisible();
    const links = accountMenu(page, netherlands).getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(2);

    // Past the skip link, the logo and the shop's navigation first.
    for (let presses = 0; presses < 15; presses += 1) {
      await page.keyboard.press('Tab');
      if (await links.first().evaluate((link) => link === document.activeElement)) break;
    }
    await expect(links.first()).toBeFocused();
    for (let index = 1; index < count; index += 1) {
      await page.keyboard.press('Tab');
      await expect(links.nth(index)).toBeFocused();
    }
    for (let index = count - 2; index >= 1; index -= 1) {
      await page.keyboard.press('Shift+Tab');
      await expect(links.nth(index)).toBeFocused();
    }

    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(netherlands.url('/orders'));
    // After an in-app navigation focus goes to the new page's heading, not the link left behind.
    await expect(pageHeading(page, netherlands, 'title.orders')).toBeFocused();
  });
});
