import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { DemoAccount } from './accounts';
import { linkIn, waitForMail } from './mailbox';
import { expectSignInPage } from './sign-in';
import type { Storefront } from './storefronts';
import { signInTexts } from './texts';
import { uniqueEmail } from './unique-name';

export interface ThrowawayCustomer {
  account: DemoAccount;
  context: BrowserContext;
  page: Page;
}

/**
 * A customer of the test's own, for stories that change or delete an account (the shared demo
 * accounts stay as they are): created as a person creates one (the form, the mailed link, the
 * button), and signed in on `path` of the storefront. `business` ticks the form's business box: a
 * B2B account with status New (decision 106).
 */
export async function newThrowawayCustomer(
  browser: Browser,
  storefront: Storefront,
  path = '/',
  { business = false }: { business?: boolean } = {},
): Promise<ThrowawayCustomer> {
  const account: DemoAccount = {
    email: uniqueEmail('tess'),
    password: 'throwaway-password',
    name: 'Tess Temp',
  };
  const t = signInTexts(storefront);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(storefront.url(path));
  await expectSignInPage(page, storefront);
  await page.getByRole('link', { name: t('signIn.createAccount') }).click();
  await page.getByLabel(t('register.firstName')).fill('Tess');
  await page.getByLabel(t('register.lastName')).fill('Temp');
  await page.getByLabel(t('register.email')).fill(account.email);
  await page.getByLabel(t('register.password')).fill(account.password);
  if (business) await page.getByLabel(t('register.business')).check();
  await page.getByRole('button', { name: t('register.submit') }).click();
  const mail = await waitForMail(storefront, { to: account.email, template: 'registration.confirm' });
  await page.goto(linkIn(mail, '/oidc/confirm-account/'));
  await page.getByRole('button', { name: t('confirmAccount.submit') }).click();
  await expect(page).toHaveURL(storefront.url(path));
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  return { account, context, page };
}
