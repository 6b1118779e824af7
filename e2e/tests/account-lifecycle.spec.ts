import { expectNoAxeViolations, expectReflowAt320 } from '../support/accessibility';
import { pageHeading } from '../support/account-area';
import { expect, test } from '../support/fixtures';
import { linkIn, waitForMail } from '../support/mailbox';
import { expectSignInPage, signIn, submitSignIn } from '../support/sign-in';
import { netherlands } from '../support/storefronts';
import { appTexts, signInTexts } from '../support/texts';
import { newThrowawayCustomer } from '../support/throwaway-customer';

const t = appTexts(netherlands);

test('a customer changes her e-mail address through the link mailed to the new one, then signs in with it', async ({
  browser,
}) => {
  const { page, context, account } = await newThrowawayCustomer(browser, netherlands, '/settings/email');
  const newEmail = account.email.replace('tess-', 'tess-new-');
  await page.getByLabel(t('email.new')).fill(newEmail);
  await page.getByLabel(t('email.password')).fill(account.password);
  await page.getByRole('button', { name: t('email.submit') }).click();
  await expect(page.getByRole('status')).toContainText(newEmail);

  const mail = await waitForMail(netherlands, { to: newEmail, template: 'identity.email-change.confirm' });
  const link = linkIn(mail, '/change-email-confirmation');
  // A mail scanner fetches the link: that changes nothing, the link still works.
  expect(await page.evaluate(async (url) => (await fetch(url)).status, link)).toBe(200);
  await page.goto(link);
  await expect(pageHeading(page, netherlands, 'changeEmailConfirmation.title')).toBeVisible();
  await expectNoAxeViolations(page);
  await expectReflowAt320(page);
  await page.getByRole('button', { name: t('changeEmailConfirmation.confirm') }).click();
  await expect(pageHeading(page, netherlands, 'changeEmailSuccess.title')).toBeVisible();
  await waitForMail(netherlands, { to: account.email, template: 'identity.email-change.notice' });

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: t('changeEmailConfirmation.confirm') }).click();
  await expect(pageHeading(page, netherlands, 'changeEmailError.title')).toBeVisible();
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
