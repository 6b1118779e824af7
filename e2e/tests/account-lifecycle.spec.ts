import type { Page } from '@playwright/test';
import { expectNoAxeViolations, expectReflowAt320 } from '../support/accessibility';
import { pageHeading } from '../support/account-area';
import { privateCustomer } from '../support/accounts';
import { SERVER_CLOCK_TAG } from '../playwright.config';
import { moveServerClock } from '../support/clock';
import { expect, test } from '../support/fixtures';
import { callServer } from '../support/loopback';
import { linkIn, waitForMail } from '../support/mailbox';
import { expectSignInPage, signIn, submitSignIn } from '../support/sign-in';
import { netherlands } from '../support/storefronts';
import { appTexts, fill, signInTexts } from '../support/texts';
import { newThrowawayCustomer } from '../support/throwaway-customer';

const t = appTexts(netherlands);

/** Fills in the e-mail settings page and sends it. */
async function askForEmailChange(page: Page, newEmail: string, password: string): Promise<void> {
  await page.getByLabel(t('email.new')).fill(newEmail);
  await page.getByLabel(t('email.password')).fill(password);
  await page.getByRole('button', { name: t('email.submit') }).click();
}

/** The link mailed to the new address for the change she asked for. */
async function emailChangeLink(newEmail: string): Promise<string> {
  const mail = await waitForMail(netherlands, { to: newEmail, template: 'identity.email-change.confirm' });
  return linkIn(mail, '/change-email-confirmation');
}

/** docs/product/routes.md: the change-email error page has a title, a message, 'Try again' and customer care. */
async function expectChangeEmailError(page: Page, messageKey: string): Promise<void> {
  await expect(page).toHaveURL(/\/change-email-error/);
  await expect(pageHeading(page, netherlands, 'changeEmailError.title')).toBeVisible();
  await expect(page.getByText(t(messageKey))).toBeVisible();
  await expect(page.getByRole('link', { name: t('common.contactCustomerCare') })).toHaveAttribute(
    'href',
    /^https?:\/\//,
  );
  await expect(page.getByRole('button', { name: t('common.tryAgain') })).toBeVisible();
}

test('a customer changes her e-mail address through the link mailed to the new one, then signs in with it', async ({
  browser,
}) => {
  const { page, context, account } = await newThrowawayCustomer(browser, netherlands, '/settings/email');
  const newEmail = account.email.replace('tess-', 'tess-new-');
  await askForEmailChange(page, newEmail, account.password);
  await expect(page.getByRole('status')).toContainText(newEmail);

  const link = await emailChangeLink(newEmail);
  // A mail scanner fetches the link, without her session and without pressing anything: that
  // changes nothing, the link still works.
  const { pathname, search, host } = new URL(link);
  expect((await callServer({ path: `${pathname}${search}`, host })).status).toBe(200);
  await page.goto(link);
  await expect(pageHeading(page, netherlands, 'changeEmailConfirmation.title')).toBeVisible();
  await expectNoAxeViolations(page);
  await expectReflowAt320(page);
  await page.getByRole('button', { name: t('changeEmailConfirmation.confirm') }).click();
  await expect(pageHeading(page, netherlands, 'changeEmailSuccess.title')).toBeVisible();
  await waitForMail(netherlands, { to: account.email, template: 'identity.email-change.notice' });

  // The link works once: opened again, it says so.
  await page.goto(link);
  await page.getByRole('button', { name: t('changeEmailConfirmation.confirm') }).click();
  await expectChangeEmailError(page, 'changeEmailError.linkInvalid');
  await expectNoAxeViolations(page);
  await context.close();

  // The old address no longer signs in; the new one does.
  const later = await browser.newContext();
  const signInPage = await later.newPage();
  await signInPage.goto(netherlands.url('/settings'));
  await expectSignInPage(signInPage, netherlands);
  await submitSignIn(signInPage, netherlands, account);
  await expect(signInPage.getByText(signInTexts(netherlands)('signIn.wrongCredentials'))).toBeVisible();
  await later.close();
  const fresh = await browser.newContext();
  const freshPage = await fresh.newPage();
  await signIn(freshPage, {
    account: { ...account, email: newEmail },
    storefront: netherlands,
    path: '/settings',
  });
  await expect(freshPage.getByText(newEmail)).toBeVisible();
  await fresh.close();
});

test('a customer asking for an address another account uses gets the answer a free one gets, its owner is told by mail, and she is asked to wait after asking too often', async ({
  browser,
}) => {
  const { page, context, account } = await newThrowawayCustomer(browser, netherlands, '/settings/email');
  const askAgain = async () => {
    await page.goto(netherlands.url('/settings/email'));
    await askForEmailChange(page, privateCustomer.email, account.password);
  };
  await askForEmailChange(page, privateCustomer.email, account.password);
  // The page cannot tell who has an account (decision 118): the same answer as for a free address.
  await expect(page.getByRole('status')).toContainText(privateCustomer.email);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The address's owner hears of it, with no link that could take the address over.
  const notice = await waitForMail(netherlands, {
    to: privateCustomer.email,
    template: 'identity.email-change.existing-account',
  });
  expect(notice.links.filter((link) => link.includes('/change-email-confirmation'))).toEqual([]);

  // Five requests an hour (decision 101); she has made one.
  for (let asked = 2; asked <= 5; asked += 1) {
    await askAgain();
    await expect(page.getByRole('status')).toContainText(privateCustomer.email);
  }
  await askAgain();
  const refusal = page.getByRole('alert');
  await expect(refusal).toContainText(t('changeEmailError.title'));
  await expect(refusal).toContainText(t('email.error.tooMany'));
  await expect(page.getByLabel(t('email.new'))).toHaveValue(privateCustomer.email);
  await context.close();
});

test(
  'a customer who opens her e-mail change link after 24 hours keeps her address and can ask again',
  { tag: SERVER_CLOCK_TAG },
  async ({ browser }) => {
    const { page, context, account } = await newThrowawayCustomer(browser, netherlands, '/settings/email');
    const newEmail = account.email.replace('tess-', 'tess-late-');
    await askForEmailChange(page, newEmail, account.password);
    const link = await emailChangeLink(newEmail);
    try {
      await moveServerClock(1);
      await page.goto(link);
      await page.getByRole('button', { name: t('changeEmailConfirmation.confirm') }).click();
      await expectChangeEmailError(page, 'changeEmailError.linkInvalid');
    } finally {
      await moveServerClock(0);
    }
    await page.getByRole('button', { name: t('common.tryAgain') }).click();
    await expect(pageHeading(page, netherlands, 'title.email')).toBeVisible();
    await expect(page.getByText(fill(t('email.current'), { email: account.email }))).toBeVisible();
    await context.close();
  },
);

test('a customer deletes her account through the mailed link and sees the deleted state; she cannot sign in again', async ({
  browser,
}) => {
  const { page, context, account } = await newThrowawayCustomer(browser, netherlands, '/settings');
  await page.getByRole('button', { name: t('settings.delete.open') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('settings.delete.confirm') })
    .click();
  await expect(page.getByText(t('settings.delete.sent').split('{email}')[0]!)).toBeVisible();

  const mail = await waitForMail(netherlands, {
    to: account.email,
    template: 'identity.account-deletion.confirm',
  });
  await page.goto(linkIn(mail, '/delete-account-confirmation'));
  await expect(pageHeading(page, netherlands, 'deleteAccountConfirmation.title')).toBeVisible();
  await expectNoAxeViolations(page);
  await expectReflowAt320(page);
  await page.getByRole('button', { name: t('deleteAccountConfirmation.confirm') }).click();

  await expect(page).toHaveURL(netherlands.url('/account-deleted'));
  await expect(pageHeading(page, netherlands, 'accountDeleted.title')).toBeVisible();
  await expect(page.getByRole('link', { name: t('accountDeleted.createAccount') })).toBeVisible();
  // Signed out: the account area asks to sign in, and her password no longer works.
  await page.goto(netherlands.url('/settings'));
  await expectSignInPage(page, netherlands);
  await submitSignIn(page, netherlands, account);
  await expect(page.getByText(signInTexts(netherlands)('signIn.wrongCredentials'))).toBeVisible();
  await context.close();
});
