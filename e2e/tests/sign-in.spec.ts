import { businessCustomer, privateCustomer } from '../support/accounts';
import { accountMenu, expectAccountMenu, pageHeading, SHOP_FAQ } from '../support/account-area';
import { expect, test } from '../support/fixtures';
import { expectSignInPage, signIn } from '../support/sign-in';
import { germany, netherlands } from '../support/storefronts';
import { appTexts } from '../support/texts';

const CUSTOMER_API = '/api/customers/customers/me';
const SESSION_COOKIE = /^(__Host-)?session$/;

test('a private customer signs in on the Dutch shop, lands on the page she asked for and sees the private menu', async ({
  page,
}) => {
  const t = appTexts(netherlands);

  await signIn(page, { account: privateCustomer, storefront: netherlands, path: '/orders' });

  await expect(pageHeading(page, netherlands, 'title.orders')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl-NL');
  // docs/product/routes.md: no invoices, FTP instructions or B2B settings; the online photo books instead.
  await expectAccountMenu(page, netherlands, [
    ['title.overview', '/'],
    ['title.orders', '/orders'],
    ['title.settings', '/settings'],
    ['title.savedProjects', '/saved-projects'],
    ['title.myPhotos', '/my-photos/photos'],
    ['title.photoBooks', '/online-products'],
    ['menu.faq', SHOP_FAQ],
    ['menu.signOut', '/logout'],
  ]);
  const menu = accountMenu(page, netherlands);
  await expect(menu.getByRole('link', { name: t('title.invoices') })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: t('title.integration') })).toHaveCount(0);
  await expect(menu.locator('a[href="/settings/b2b"]')).toHaveCount(0);
});

test('a business customer signs in on the German shop and sees invoices, FTP instructions and B2B settings, not the online photo books', async ({
  page,
}) => {
  const t = appTexts(germany);

  await signIn(page, { account: businessCustomer, storefront: germany, path: '/invoices' });

  await expect(pageHeading(page, germany, 'title.invoices')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-AT');
  await expectAccountMenu(page, germany, [
    ['title.overview', '/'],
    ['title.orders', '/orders'],
    ['title.invoices', '/invoices'],
    ['title.integration', '/integration'],
    ['title.settings', '/settings/b2b'],
    ['title.savedProjects', '/saved-projects'],
    ['title.myPhotos', '/my-photos/photos'],
    ['menu.faq', SHOP_FAQ],
    ['menu.signOut', '/logout'],
  ]);
  const menu = accountMenu(page, germany);
  await expect(menu.getByRole('link', { name: t('title.photoBooks') })).toHaveCount(0);
  await expect(menu.locator('a[href="/online-products"]')).toHaveCount(0);
  // An account in good standing gets no warning.
  await expect(page.getByText(t('banner.blocked'))).toHaveCount(0);
  await expect(page.getByText(t('banner.missingDetails'))).toHaveCount(0);
});

test('signing out ends the session: the back button shows nothing of the account and the API refuses the old cookie', async ({
  page,
  context,
}) => {
  const t = appTexts(netherlands);
  await signIn(page, { account: privateCustomer, storefront: netherlands });
  await expect(page.getByText(privateCustomer.name)).toBeVisible();
  const sessionCookie = (await context.cookies(netherlands.origin)).find(({ name }) =>
    SESSION_COOKIE.test(name),
  );
  expect(sessionCookie, 'the session cookie after signing in').toBeDefined();
  const customerAnswersAfterSignOut: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === CUSTOMER_API)
      customerAnswersAfterSignOut.push(response.status());
  });

  await accountMenu(page, netherlands)
    .getByRole('link', { name: t('menu.signOut') })
    .click();

  await expectSignInPage(page, netherlands);

  await page.goBack();
  // Whatever document the back button brings, it must not show the account, not even for a moment.
  expect(await page.getByText(privateCustomer.name).count()).toBe(0);
  expect(await accountMenu(page, netherlands).count()).toBe(0);
  await expectSignInPage(page, netherlands);
  await expect(page.getByText(privateCustomer.name)).toHaveCount(0);
  await expect(accountMenu(page, netherlands)).toHaveCount(0);
  expect(customerAnswersAfterSignOut.filter((status) => status !== 401)).toEqual([]);

  const status = () => page.evaluate(async (url) => (await fetch(url)).status, CUSTOMER_API);
  expect(await status()).toBe(401);
  // The server ended the session itself: the cookie the browser held before signing out opens nothing.
  await context.addCookies([{ ...sessionCookie!, expires: -1 }]);
  expect(await status()).toBe(401);
});

test('after signing out, going back in the history to the overview shows nothing of the account', async ({
  playwright,
  launchOptions,
}) => {
  // Playwright turns Chromium's back-forward cache off; the customer's browser has it on.
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  try {
    const page = await browser.newPage();
    const t = appTexts(netherlands);
    await signIn(page, { account: privateCustomer, storefront: netherlands });
    await expect(page.getByText(privateCustomer.name)).toBeVisible();
    const overviewEntry = await page.evaluate(() => history.length - 1);

    await accountMenu(page, netherlands)
      .getByRole('link', { name: t('menu.signOut') })
      .click();
    await expectSignInPage(page, netherlands);

    // What a long press on the back button offers: straight back to the overview, however many
    // addresses signing out went through.
    const backAtOverview = page.waitForURL(netherlands.url('/'), { waitUntil: 'commit' });
    await page.evaluate((entry) => history.go(entry - (history.length - 1)), overviewEntry);
    await backAtOverview;
    expect(await page.getByText(privateCustomer.name).count()).toBe(0);
    expect(await accountMenu(page, netherlands).count()).toBe(0);
    await expectSignInPage(page, netherlands);
  } finally {
    await browser.close();
  }
});

test('after signing in no token is readable by the page: the session is an HttpOnly cookie', async ({
  page,
  context,
}) => {
  await signIn(page, { account: privateCustomer, storefront: netherlands });
  await accountMenu(page, netherlands)
    .getByRole('link', { name: appTexts(netherlands)('title.orders') })
    .click();
  await expect(pageHeading(page, netherlands, 'title.orders')).toBeVisible();

  const readable = await page.evaluate(() => ({
    cookies: document.cookie,
    localStorage: JSON.stringify(Object.entries(localStorage)),
    sessionStorage: JSON.stringify(Object.entries(sessionStorage)),
  }));
  // Every JSON Web Token starts with the base64url of `{"`.
  expect(readable.cookies).not.toContain('eyJ');
  expect(readable.localStorage).not.toContain('eyJ');
  expect(readable.sessionStorage).not.toContain('eyJ');

  const cookies = await context.cookies(netherlands.origin);
  const session = cookies.find(({ name }) => SESSION_COOKIE.test(name));
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(readable.cookies).not.toContain(session!.value);
  // The customer's own data is served, but never a token with it.
  const answer = await page.evaluate(async (url) => (await fetch(url)).text(), CUSTOMER_API);
  expect(answer).toContain(privateCustomer.email);
  expect(answer).not.toContain('eyJ');
});
