import { expect, type Page } from '@playwright/test';
import type { DemoAccount } from './accounts';
import type { Storefront } from './storefronts';
import { signInTexts } from './texts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The provider's sign-in page of this storefront, in its language. */
export async function expectSignInPage(page: Page, storefront: Storefront): Promise<void> {
  const t = signInTexts(storefront);
  await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(storefront.origin)}/oidc/interaction/[^/]+$`));
  await expect(page.getByRole('heading', { level: 1, name: t('signIn.title') })).toBeVisible();
}

/** Fills in and sends the sign-in page the browser is on. */
export async function submitSignIn(page: Page, storefront: Storefront, account: DemoAccount): Promise<void> {
  const t = signInTexts(storefront);
  await page.getByLabel(t('signIn.email')).fill(account.email);
  await page.getByLabel(t('signIn.password')).fill(account.password);
  await page.getByRole('button', { name: t('signIn.submit') }).click();
}

/**
 * Signs in the way a customer does: opens a page of the account area, is sent to the provider's
 * sign-in page, fills in e-mail address and password, and lands back on the page first asked for.
 */
export async function signIn(
  page: Page,
  { account, storefront, path = '/' }: { account: DemoAccount; storefront: Storefront; path?: string },
): Promise<void> {
  await page.goto(storefront.url(path));
  await expectSignInPage(page, storefront);
  await submitSignIn(page, storefront, account);
  await expect(page).toHaveURL(storefront.url(path));
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}
