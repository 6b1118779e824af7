import { expectNoAxeViolations } from '../support/accessibility';
import type { Page } from '@playwright/test';
import { privateCustomer } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { unitedKingdom } from '../support/storefronts';

const noSidewaysScrolling = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('the demo customer’s albums (npm start)', () => {
  test('lists two albums and one shared by a friend, reflowing at 320 px', async ({ openSignedIn }) => {
    const page = await openSignedIn(privateCustomer, unitedKingdom, '/my-photos/albums', {
      viewport: { width: 320, height: 640 },
    });
    const mine = page.getByRole('region', { name: 'My albums' });
    await expect(mine.getByRole('link', { name: /^Summer 2026/ })).toBeVisible();
    await expect(mine.getByRole('link', { name: /^Christmas 2025/ })).toBeVisible();
    const shared = page.getByRole('region', { name: 'Shared with you' });
    await expect(shared.getByRole('link', { name: /^Lake weekend\s*3 photos/ })).toBeVisible();
    expect(await noSidewaysScrolling(page)).toBe(true);
    await expectNoAxeViolations(page);

    await mine.getByRole('link', { name: /^Summer 2026/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Summer 2026' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Open IMG_4100\.jpg/ })).toBeVisible();
    expect(await noSidewaysScrolling(page)).toBe(true);
    await expectNoAxeViolations(page);

    await page.goBack();
    await shared.getByRole('link', { name: /^Lake weekend/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lake weekend' })).toBeVisible();
    await expect(page.getByText('Shared by b2b@example.com')).toBeVisible();
    expect(await noSidewaysScrolling(page)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test('works by keyboard: focus is visible on the album tiles and reaches the album', async ({
    openSignedIn,
  }) => {
    const page = await openSignedIn(privateCustomer, unitedKingdom, '/my-photos/albums');
    const newAlbum = page.getByRole('button', { name: 'New album' });
    await newAlbum.focus();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('href', /\/my-photos\/albums\//);
    const outline = await focused.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Albums');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
  });
});
