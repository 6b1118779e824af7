import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { blockedBusinessCustomer, privateCustomer } from '../support/accounts';
import { accountMenu, pageHeading } from '../support/account-area';
import { expect, test } from '../support/fixtures';
import { expectSignInPage } from '../support/sign-in';
import { netherlands, unitedKingdom } from '../support/storefronts';
import { signInTexts } from '../support/texts';

const WCAG_2_A_AND_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_2_A_AND_AA).analyze();
  expect(
    violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map(({ target }) => target.join(' ')),
    })),
  ).toEqual([]);
}

/** The shell is complete once the page's heading, the menu and the shop's navigation are in. */
async function waitForShell(page: Page, titleKey: string): Promise<void> {
  await expect(pageHeading(page, netherlands, titleKey)).toBeVisible();
  await expect(accountMenu(page, netherlands)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link').nth(1)).toBeVisible();
}

test.describe('axe-core finds no WCAG 2 A or AA violation', () => {
  test('on the sign-in page and the create-an-account page', async ({ browser }) => {
    const t = signInTexts(unitedKingdom);
    const context = await browser.newContext();
    const page = await context.newPage();

    await page.goto(unitedKingdom.url('/'));
    await expectSignInPage(page, unitedKingdom);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: t('signIn.createAccount') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('register.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('on the overview', async ({ openSignedIn }) => {
    const page = await openSignedIn(privateCustomer, netherlands, '/');
    await waitForShell(page, 'title.overview');
    await expectNoAxeViolations(page);
  });

  test('on the shell around another page', async ({ openSignedIn }) => {
    const page = await openSignedIn(privateCustomer, netherlands, '/orders');
    await waitForShell(page, 'title.orders');
    await expectNoAxeViolations(page);
  });

  test('on the overview with the blocked-account warning', async ({ openSignedIn }) => {
    const page = await openSignedIn(blockedBusinessCustomer, unitedKingdom, '/');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
