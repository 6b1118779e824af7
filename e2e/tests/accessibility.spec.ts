import { expectNoAxeViolations } from '../support/accessibility';
import { blockedBusinessCustomer } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { expectSignInPage } from '../support/sign-in';
import { newThrowawayCustomer } from '../support/throwaway-customer';
import { unitedKingdom } from '../support/storefronts';
import { signInTexts } from '../support/texts';

// Every page of the route table is checked in every language by the quality sweep
// (quality-sweep.spec.ts); these are the pages and states outside it.
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

  test('on the overview with the blocked-account warning', async ({ openSignedIn }) => {
    const page = await openSignedIn(blockedBusinessCustomer, unitedKingdom, '/');
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('on the PDFs page of a customer who has none', async ({ browser }) => {
    const { page, context } = await newThrowawayCustomer(browser, unitedKingdom, '/pdfs');
    await expect(page.getByText(/You have no PDFs yet/)).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });
});
