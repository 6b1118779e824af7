import { expect, type Page } from '@playwright/test';
import type { Storefront } from './storefronts';
import { appTexts } from './texts';

/** The side menu of the signed-in area (docs/product/routes.md), found by its accessible name. */
export const accountMenu = (page: Page, storefront: Storefront) =>
  page.getByRole('navigation', { name: appTexts(storefront)('menu.label') });

/** The page's one h1, which names the page the customer is on. */
export const pageHeading = (page: Page, storefront: Storefront, titleKey: string) =>
  page.getByRole('heading', { level: 1, name: appTexts(storefront)(titleKey), exact: true });

/** One menu item: the key of its text in the storefront's locale file, and where it leads. */
export type MenuItem = readonly [titleKey: string, href: string | RegExp];

/** The shop's FAQ: a page of the shop's own site, outside the account area. */
export const SHOP_FAQ = /^https:\/\/[^/]+\/faq$/;

/** The side menu holds exactly these links, in this order, with these texts and targets. */
export async function expectAccountMenu(
  page: Page,
  storefront: Storefront,
  items: readonly MenuItem[],
): Promise<void> {
  const t = appTexts(storefront);
  const links = accountMenu(page, storefront).getByRole('link');
  await expect(links).toHaveText(items.map(([titleKey]) => t(titleKey)));
  for (const [index, [, href]] of items.entries()) {
    await expect(links.nth(index)).toHaveAttribute('href', href);
  }
}
