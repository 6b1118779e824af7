import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import type { DemoAccount } from './accounts';
import { signIn } from './sign-in';
import type { Storefront } from './storefronts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Opens a page of the account area in a fresh browser context that is already signed in as the
 * account on that storefront.
 */
export type OpenSignedIn = (
  account: DemoAccount,
  storefront: Storefront,
  path?: string,
  options?: Pick<BrowserContextOptions, 'viewport'>,
) => Promise<Page>;

interface SignedInStates {
  of(account: DemoAccount, storefront: Storefront): Promise<StorageState>;
}

/** An uncaught exception in a page fails its test, even when every assertion passed. */
function collectPageErrors(context: BrowserContext, errors: string[]): void {
  const watch = (page: Page) =>
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  context.pages().forEach(watch);
  context.on('page', watch);
}

async function signedInState(browser: Browser, account: DemoAccount, storefront: Storefront) {
  const context = await browser.newContext();
  try {
    await signIn(await context.newPage(), { account, storefront });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

export const test = base.extend<
  { openSignedIn: OpenSignedIn; pageErrors: string[] },
  { signedInStates: SignedInStates }
>({
  // Signing in costs a few seconds of a 2-core machine: each account signs in once per worker (through
  // the real sign-in page), and the tests that are not about signing in reuse that session.
  signedInStates: [
    async ({ browser }, use) => {
      const states = new Map<string, Promise<StorageState>>();
      await use({
        of(account, storefront) {
          const key = `${account.email} ${storefront.origin}`;
          let state = states.get(key);
          if (!state) {
            state = signedInState(browser, account, storefront);
            states.set(key, state);
          }
          return state;
        },
      });
    },
    { scope: 'worker' },
  ],

  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      collectPageErrors(context, errors);
      await use(errors);
      expect(errors, 'uncaught exceptions in the page').toEqual([]);
    },
    { auto: true },
  ],

  openSignedIn: async ({ browser, signedInStates, pageErrors }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (account, storefront, path = '/', options = {}) => {
      const context = await browser.newContext({
        ...options,
        storageState: await signedInStates.of(account, storefront),
      });
      contexts.push(context);
      collectPageErrors(context, pageErrors);
      const page = await context.newPage();
      await page.goto(storefront.url(path));
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export { expect };
