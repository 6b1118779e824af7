import type { Locator, Page } from '@playwright/test';
import type { FeatureFlagName } from '@photo/contracts/app-config';
import { appRoutes, type AppRoute } from '../../apps/web/src/app/route-table';
import { canAccess } from '../../apps/web/src/shared/routing/access-rule';
import { axeViolations } from '../support/accessibility';
import { businessCustomer, privateCustomer, type DemoAccount } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { routeDialogs, type RouteDialog } from '../support/route-dialogs';
import { fillPath, routeExamples } from '../support/route-examples';
import { germany, storefrontPerLanguage, type Storefront } from '../support/storefronts';
import { appTexts, messageKeys, type Texts } from '../support/texts';

/**
 * The quality sweep of every page of the route table (apps/web/src/app/route-table.ts) and of each
 * page's dialogs (e2e/support/route-dialogs.ts), in every language of the storefronts, as a private
 * and as a business customer where the route allows: no sideways scrolling (WCAG 2.2 reflow, 1.4.10),
 * no axe-core violation, no console error, no text key shown raw, one heading. Every language is
 * checked at a phone's 320 px; German, whose long words break layouts first, also at a tablet's 768 and
 * a laptop's 1280 px.
 */
const PHONE = 320;
const WIDER = [768, 1280];
const WIDER_IN = germany.language;

// The e2e server turns every feature flag on for the storefront hosts (the product's default).
const allFlagsOn = new Proxy({} as Record<FeatureFlagName, boolean>, { get: () => true });

const customers: Array<{ kind: string; account: DemoAccount; isB2B: boolean }> = [
  { kind: 'a private customer', account: privateCustomer, isB2B: false },
  { kind: 'a business customer', account: businessCustomer, isB2B: true },
];

const swept = (appRoutes as readonly AppRoute[]).filter((route) => !route.notSwept);
const keys = messageKeys();

interface Visit {
  path: string;
  width: number;
  /** The dialog open over the page, if any: the page behind it is inert, so only the dialog's heading counts. */
  dialog?: string;
}

/** Everything wrong with what the screen shows now, one sentence per problem. */
async function problemsOf(page: Page, visit: Visit, consoleErrors: string[]): Promise<string[]> {
  const where = `${visit.path}${visit.dialog ? ` (${visit.dialog} dialog)` : ''} at ${visit.width}px`;
  const problems: string[] = [];

  const reflow = await page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return undefined;
    const limit = root.clientWidth;
    // The innermost elements that reach past the screen's edge, or whose own content does.
    const tooWide = (element: Element) =>
      element.getBoundingClientRect().right > limit + 0.5 || element.scrollWidth > element.clientWidth + 1;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => tooWide(element) && ![...element.children].some(tooWide))
      .slice(0, 3)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.className}"> "${(element.textContent ?? '').trim().slice(0, 30)}"`,
      );
    return { scrollWidth: root.scrollWidth, clientWidth: limit, wide };
  });
  if (reflow) {
    problems.push(
      `${where}: scrolls sideways (${reflow.scrollWidth}px of content in ${reflow.clientWidth}px); too wide: ${reflow.wide.join(', ')}`,
    );
  }

  const scope = visit.dialog ? page.getByRole('dialog') : page;
  const headings = await scope.getByRole('heading', { level: visit.dialog ? 2 : 1 }).allInnerTexts();
  if (headings.length !== 1 || !headings[0]?.trim()) {
    problems.push(`${where}: expected one heading, found ${JSON.stringify(headings)}`);
  }

  const shown = await page.evaluate(() => {
    const attributes = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'value'];
    const values = [...document.querySelectorAll('*')].flatMap((element) =>
      attributes.map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.body.innerText, document.title, ...values].join('\n');
  });
  const rawKeys = [...new Set(shown.match(/[A-Za-z][\w-]*(?:\.[\w-]+)+/g) ?? [])].filter((token) =>
    keys.has(token),
  );
  if (rawKeys.length > 0) problems.push(`${where}: shows text keys instead of texts: ${rawKeys.join(', ')}`);

  const violations = await axeViolations(page);
  for (const violation of violations) {
    const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
    problems.push(
      `${where}: axe ${violation.id} (${violation.impact}): ${violation.help} at ${targets.join('; ')}`,
    );
  }

  for (const error of consoleErrors.splice(0)) problems.push(`${where}: console error: ${error}`);
  return problems;
}

/** Waits until the page shows its heading and nothing is loading any more. */
async function settled(page: Page): Promise<boolean> {
  try {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"], .loading-indicator')).toHaveCount(0);
    return true;
  } catch {
    return false;
  }
}

/** Moves the signed-in app to a path the way a link does; says what went wrong, if anything. */
async function openInApp(page: Page, storefront: Storefront, path: string): Promise<string | undefined> {
  if (page.url().startsWith(storefront.origin)) {
    await page.evaluate((target) => {
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  } else {
    await page.goto(storefront.url(path));
  }
  if (!(await settled(page))) return `${path}: the page did not settle (no heading, or still loading)`;
  const landed = new URL(page.url()).pathname;
  return landed === path ? undefined : `${path}: redirected to ${landed}, although the customer may open it`;
}

/** Opens a dialog as a customer would, checks it like a page, then closes it and reloads the page. */
async function dialogProblems(
  page: Page,
  t: Texts,
  visit: Visit & { dialog: string },
  dialog: RouteDialog,
  consoleErrors: string[],
): Promise<string[] | 'not for this customer'> {
  const opener = dialog.opener(page, t);
  if ((await opener.count()) === 0 || (await opener.isDisabled())) return 'not for this customer';
  try {
    await opener.click();
    await dialog.then?.(page, t);
    await expect(page.getByRole('dialog')).toBeVisible();
  } catch {
    return [`${visit.path} at ${visit.width}px: the ${visit.dialog} dialog did not open`];
  }
  const problems = await problemsOf(page, visit, consoleErrors);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  if (dialog.then) {
    // Whatever the further steps started (select mode, say) ends with a fresh page.
    await page.reload();
    if (!(await settled(page))) problems.push(`${visit.path}: the page did not settle after a reload`);
  }
  return problems;
}

// One test a language, customer and width, so that the widths of German take turns on the workers.
const sweeps = storefrontPerLanguage.flatMap((storefront) =>
  customers.flatMap((customer) =>
    (storefront.language === WIDER_IN ? [PHONE, ...WIDER] : [PHONE]).map((width) => ({
      storefront,
      ...customer,
      width,
    })),
  ),
);

for (const { storefront, kind, account, isB2B, width } of sweeps) {
  test(`every page in ${storefront.language} (${storefront.locale}) as ${kind} at ${width} px`, async ({
    openSignedIn,
  }) => {
    test.setTimeout(180_000);
    const t = appTexts(storefront);
    const viewport = { width, height: width === PHONE ? 740 : 900 };
    const page = await openSignedIn(account, storefront, '/', { viewport });
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });

    const routes = swept.filter(
      (route) => !route.access || canAccess(route.access, { isB2B, flags: allFlagsOn }),
    );
    const problems: string[] = [];
    const leftOut = new Set<string>();
    for (const route of routes) {
      let path = `/${route.path}`;
      if (route.path.includes(':')) {
        const example = routeExamples[route.path];
        if (!example) {
          problems.push(
            `${route.path}: no example in e2e/support/route-examples.ts, so the sweep cannot visit it`,
          );
          continue;
        }
        const params = await example({ page });
        if (!params) {
          leftOut.add(route.path);
          continue;
        }
        path = fillPath(route.path, params);
      }
      const notSettled = await openInApp(page, storefront, path);
      if (notSettled) {
        problems.push(notSettled);
        continue;
      }
      problems.push(...(await problemsOf(page, { path, width }, consoleErrors)));
      for (const dialog of routeDialogs[route.path] ?? []) {
        const visit = { path, width, dialog: dialog.name };
        const found = await dialogProblems(page, t, visit, dialog, consoleErrors);
        if (found === 'not for this customer') leftOut.add(`${route.path} (${dialog.name} dialog)`);
        else problems.push(...found);
      }
    }
    if (leftOut.size > 0) {
      // Left out are only things this customer has nothing for (a business customer's empty library).
      test.info().annotations.push({ type: 'not for this customer', description: [...leftOut].join(', ') });
    }
    expect(problems, `${problems.length} problems in ${storefront.language} as ${kind}`).toEqual([]);
  });
}

/**
 * A phone at 390 x 844 (issue 23): in every language the header takes one row on every page (the shop's
 * links behind one 'Shop' button), the photos page shows its whole first row of photos, the orders page
 * its first order and an order's details its status, all without scrolling. One signed-in page per language visits them all.
 */
const PHONE_SCREEN = { width: 390, height: 844 };

for (const storefront of storefrontPerLanguage) {
  test(`a phone's first screen in ${storefront.language} (${storefront.locale})`, async ({
    openSignedIn,
  }) => {
    test.setTimeout(180_000);
    const page = await openSignedIn(privateCustomer, storefront, '/', { viewport: PHONE_SCREEN });
    const problems: string[] = [];
    const paths = swept
      .filter((route) => !route.path.includes(':'))
      .filter((route) => !route.access || canAccess(route.access, { isB2B: false, flags: allFlagsOn }))
      .map((route) => `/${route.path}`);
    for (const path of paths) {
      if (await openInApp(page, storefront, path)) continue;
      const header = page.locator('.site-header__inner');
      if ((await header.count()) === 0) continue;
      // One row: every part of the header starts at the same height.
      const tops = await header.evaluate((inner) =>
        [...inner.children].map((child) => Math.round(child.getBoundingClientRect().top)),
      );
      if (new Set(tops).size > 1)
        problems.push(`${path}: the header takes more than one row (${tops.join(', ')})`);
    }

    await openInApp(page, storefront, '/my-photos/photos');
    // The first month's photos (its tiles are there before their thumbnails arrive).
    const firstMonth = page
      .getByRole('region', { name: appTexts(storefront)('timeline.label') })
      .getByRole('region')
      .first();
    await expect(firstMonth.getByRole('button').first()).toBeVisible();
    const firstRow = await firstMonth.evaluate((month) => {
      const photos = [...month.querySelectorAll('button')].map((tile) => tile.getBoundingClientRect());
      const top = photos[0]?.top;
      return top === undefined
        ? undefined
        : Math.max(...photos.filter((photo) => Math.abs(photo.top - top) < 2).map((photo) => photo.bottom));
    });
    if (firstRow === undefined) problems.push('/my-photos/photos: no photo shown');
    else if (firstRow > PHONE_SCREEN.height) {
      problems.push(`/my-photos/photos: the first row of photos ends at ${firstRow}px, below the screen`);
    }

    // Orders (issue 23): the first order, and on its details page its status, without scrolling.
    const bottomOf = (locator: Locator) =>
      locator.evaluate((element) => Math.round(element.getBoundingClientRect().bottom));
    await openInApp(page, storefront, '/orders');
    const firstOrder = page.locator('.orders__item').first();
    await expect(firstOrder).toBeVisible();
    const orderBottom = await bottomOf(firstOrder);
    if (orderBottom > PHONE_SCREEN.height)
      problems.push(`/orders: the first order ends at ${orderBottom}px, below the screen`);
    await firstOrder.getByRole('link').first().click();
    const status = page.locator('.order-details__summary .order-badge').first();
    await expect(status).toBeVisible();
    const statusBottom = await bottomOf(status);
    if (statusBottom > PHONE_SCREEN.height)
      problems.push(
        `${new URL(page.url()).pathname}: the order's status ends at ${statusBottom}px, below the screen`,
      );
    expect(problems).toEqual([]);
  });
}
