import type { Page } from '@playwright/test';
import { expectNoAxeViolations, expectReflowAt320 } from '../support/accessibility';
import { privateCustomer, type DemoAccount } from '../support/accounts';
import { accountMenu, pageHeading } from '../support/account-area';
import { expect, test } from '../support/fixtures';
import { linkIn, waitForMail } from '../support/mailbox';
import { expectSignInPage, signIn, submitSignIn } from '../support/sign-in';
import { netherlands, unitedKingdom, type Storefront } from '../support/storefronts';
import { fill, mailTexts, signInTexts } from '../support/texts';
import { uniqueEmail } from '../support/unique-name';

const CUSTOMER_API = '/api/customers/customers/me';
const LINK_HOURS = 24;
function newAccount(name: string): DemoAccount {
  return {
    email: uniqueEmail(name.toLowerCase()),
    password: 'analytical-engine',
    name: `${name} Lovelace`,
  };
}

/** From the sign-in page the account area sent her to: 'Create an account', the form, send. */
async function fillInRegistration(page: Page, storefront: Storefront, account: DemoAccount): Promise<void> {
  const t = signInTexts(storefront);
  await page.getByRole('link', { name: t('signIn.createAccount') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('register.title') })).toBeVisible();
  const [firstName, lastName] = account.name.split(' ');
  await page.getByLabel(t('register.firstName')).fill(firstName!);
  await page.getByLabel(t('register.lastName')).fill(lastName!);
  await page.getByLabel(t('register.email')).fill(account.email);
  await page.getByLabel(t('register.password')).fill(account.password);
  await page.getByRole('button', { name: t('register.submit') }).click();
}

async function expectCheckEmailPage(page: Page, storefront: Storefront, email: string): Promise<void> {
  const t = signInTexts(storefront);
  await expect(page.getByRole('heading', { level: 1, name: t('checkEmail.title') })).toBeVisible();
  await expect(page.getByText(fill(t('checkEmail.body'), { email, hours: LINK_HOURS }))).toBeVisible();
}

const customerEmail = (page: Page) =>
  page.evaluate(async (url) => ((await (await fetch(url)).json()) as { email: string }).email, CUSTOMER_API);

test('a new customer creates an account: she opens the mailbox, follows the link, confirms and is signed in where she was going', async ({
  browser,
}) => {
  const t = signInTexts(netherlands);
  const m = mailTexts(netherlands);
  const ada = newAccount('Ada');
  const context = await browser.newContext();
  const page = await context.newPage();

  await page.goto(netherlands.url('/orders'));
  await expectSignInPage(page, netherlands);
  await fillInRegistration(page, netherlands, ada);
  await expectCheckEmailPage(page, netherlands, ada.email);
  await expectNoAxeViolations(page);
  await expectReflowAt320(page);

  // The shop's local mailbox, as someone trying the shop on their own machine opens it.
  await page.goto(netherlands.url('/dev/mailbox'));
  await expect(page.getByRole('heading', { level: 1, name: 'Mailbox' })).toBeVisible();
  const subject = fill(m('registrationConfirm.subject'), { vendor: 'PhotoShop Nederland' });
  const newest = page.getByRole('listitem').first();
  await expect(newest).toContainText(`To ${ada.email}`);
  await expectNoAxeViolations(page);
  await expectReflowAt320(page);
  await page.keyboard.press('Tab');
  await expect(newest.getByRole('link', { name: subject })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  const mailHtml = page.frameLocator('iframe[title="HTML part of the mail"]');
  await expect(mailHtml.getByRole('link', { name: m('registrationConfirm.action') })).toBeVisible();
  await expect(page.getByText(m('registrationConfirm.notYou'))).toBeVisible();
  // The mail's own HTML runs no script, so axe cannot enter its frame: the unit tests check it.
  await expectNoAxeViolations(page, { exclude: 'iframe.mail-html' });
  await expectReflowAt320(page);
  const link = page.getByRole('list').getByRole('link', { name: /\/oidc\/confirm-account\// });
  const confirmationUrl = await link.getAttribute('href');
  await link.click();

  // Opening the link changes nothing yet: the button confirms.
  await expect(page.getByRole('heading', { level: 1, name: t('confirmAccount.title') })).toBeVisible();
  await expect(page.getByText(fill(t('confirmAccount.body'), { email: ada.email }))).toBeVisible();
  await expectNoAxeViolations(page);
  await expectReflowAt320(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: t('confirmAccount.submit') })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(netherlands.url('/orders'));
  await expect(pageHeading(page, netherlands, 'title.orders')).toBeVisible();
  await expect(accountMenu(page, netherlands)).toBeVisible();
  expect(await customerEmail(page)).toBe(ada.email);

  // The link works once.
  await page.goto(confirmationUrl!);
  await expect(page.getByRole('heading', { level: 1, name: t('linkUsed.title') })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectReflowAt320(page);
  await context.close();
});

test('registering an address that already has an account shows the same page, and the owner is warned by mail', async ({
  browser,
}) => {
  const m = mailTexts(netherlands);
  const mainTextAfterRegistering = async (account: DemoAccount) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(netherlands.url('/'));
    await expectSignInPage(page, netherlands);
    await fillInRegistration(page, netherlands, account);
    await expectCheckEmailPage(page, netherlands, account.email);
    const text = (await page.getByRole('main').innerText()).replaceAll(account.email, '{email}');
    await context.close();
    return text;
  };

  const existing = { ...privateCustomer, password: 'not-her-password' };
  expect(await mainTextAfterRegistering(existing)).toBe(await mainTextAfterRegistering(newAccount('Bea')));

  const warning = await waitForMail(netherlands, {
    to: privateCustomer.email,
    template: 'registration.existing-account',
  });
  expect(warning.subject).toBe(m('registrationExisting.subject'));
  expect(warning.from).toBe('PhotoShop Nederland');
  expect(warning.text).toContain(fill(m('layout.greeting'), { name: 'Demi' }));
  expect(warning.text).toContain(m('registrationExisting.notYou'));
  expect(linkIn(warning, '/auth/login')).toBe(netherlands.url('/auth/login'));

  // Her account is as it was: her own password still signs her in.
  const context = await browser.newContext();
  await signIn(await context.newPage(), { account: privateCustomer, storefront: netherlands });
  await context.close();
});

test('a link opened on another device confirms the account and asks to sign in; a link we never sent says so', async ({
  browser,
}) => {
  const t = signInTexts(unitedKingdom);
  const bo = newAccount('Bo');
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  await laptopPage.goto(unitedKingdom.url('/'));
  await fillInRegistration(laptopPage, unitedKingdom, bo);
  await expectCheckEmailPage(laptopPage, unitedKingdom, bo.email);
  const mail = await waitForMail(unitedKingdom, { to: bo.email, template: 'registration.confirm' });

  const phone = await browser.newContext();
  const page = await phone.newPage();
  await page.goto(linkIn(mail, '/oidc/confirm-account/'));
  await page.getByRole('button', { name: t('confirmAccount.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('accountReady.title') })).toBeVisible();
  await expect(page.getByText(fill(t('accountReady.body'), { email: bo.email }))).toBeVisible();
  await expectNoAxeViolations(page);
  await expectReflowAt320(page);
  await page.getByRole('link', { name: t('accountReady.signIn') }).click();
  await expectSignInPage(page, unitedKingdom);
  await submitSignIn(page, unitedKingdom, bo);
  await expect(page).toHaveURL(unitedKingdom.url('/'));
  await expect(accountMenu(page, unitedKingdom)).toBeVisible();
  expect(await customerEmail(page)).toBe(bo.email);

  await page.goto(unitedKingdom.url('/oidc/confirm-account/a-link-we-never-sent'));
  await expect(page.getByRole('heading', { level: 1, name: t('linkInvalid.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('linkInvalid.register') })).toHaveAttribute(
    'href',
    '/oidc/register',
  );
  await expectNoAxeViolations(page);
  await expectReflowAt320(page);
  await laptop.close();
  await phone.close();
});
