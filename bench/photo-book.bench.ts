/**
 * The online photo book viewer (issue 11, section 6), printed, never asserted: for a 120-page book,
 * the bytes a browser transfers before the first page shows and the time to that first page in
 * Chromium (median of several cold loads, each in a fresh browser context), on a desktop and a phone
 * viewport; against the bytes an eager viewer would fetch (every page at the size shown). The pages
 * are the demo's drawn pages with photographic grain, stored through the shop's page call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from '../e2e/chromium-path';
import { median } from './support/stats';

const PORT = 8288;
const PAGES = 120;
const RUNS = 7;

interface LoadFigures {
  bytesBeforeFirstPage: number;
  requestsBeforeFirstPage: number;
  firstPageMs: number;
  bytesAfterIdle: number;
  /** The width of the file the browser chose for the first page (its srcset). */
  chosenSize: number;
}

/** Builds the app in this process on a test database, with one customer's 120-page book published. */
async function prepare(dataDir: string) {
  const { buildApp } = await import('../apps/server/src/app');
  const { loadConfig } = await import('../apps/server/src/config');
  const { createTestDatabase } = await import('../apps/server/src/testing/test-database');
  const { createLocalBlobStore } = await import('../apps/server/src/platform/blob-store');
  const { createCustomersRepository } = await import('../apps/server/src/customers/customers.repository');
  const { seedDemoAccounts } = await import('../apps/server/src/demo/demo-accounts');
  const { demoPhotoBookPage } = await import('../apps/server/src/demo/demo-photo-book');
  const { createRateWindows } = await import('../apps/server/src/platform/rate-windows');
  const { createPhotoBooksService, pageBlobKey } =
    await import('../apps/server/src/photo-books/photo-books.service');

  const config = loadConfig({
    PORT: String(PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JOB_CONCURRENCY: '0',
  });
  const db = await createTestDatabase();
  const blobs = createLocalBlobStore(dataDir);
  const app = await buildApp({ config, db, blobs, logger: false });
  const customers = createCustomersRepository(db);
  await seedDemoAccounts(customers);
  const customer = (await customers.findActiveByEmail('demo@example.com'))!;
  const now = new Date().toISOString();
  await app.shopApi.orders.putSuperOrder('UK-BENCH', {
    accountId: customer.id,
    storefront: 'uk',
    source: 'Web',
    createdAt: now,
    changedAt: now,
    deliveryType: 'Home',
    deliveryAddress: {
      firstName: 'Demi',
      lastName: 'Jansen',
      company: '',
      street: 'Baker Street',
      houseNumber: '221B',
      addressLine2: '',
      postcode: 'NW1 6XE',
      city: 'London',
      region: '',
      country: 'GB',
      phone: '',
    },
    orders: [
      {
        id: 'UK-BENCH-1',
        products: [
          {
            lineId: '1',
            code: 'BOOK_A4_HARD',
            articleName: 'Photo book A4 hardcover',
            articleGroup: 'photoBooks',
            quantity: 1,
            unitPrice: 2995,
          },
        ],
      },
    ],
  });
  const photoBooks = createPhotoBooksService({ db, blobs, rateWindows: createRateWindows(db) });
  // Drawn pages are flat colour and compress far better than photos: grain makes them weigh as photos do.
  const grain = await sharp({
    create: {
      width: 1200,
      height: 1200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 48 },
    },
  })
    .png()
    .toBuffer();
  const started = performance.now();
  await photoBooks.putFromShop('UK-BENCH-1', { title: 'A year in 120 pages', pageCount: PAGES });
  for (let page = 1; page <= PAGES; page += 1) {
    const drawn = await demoPhotoBookPage(page);
    const photoLike = await sharp(drawn)
      .composite([{ input: grain, blend: 'soft-light' }])
      .jpeg({ quality: 90 })
      .toBuffer();
    await photoBooks.putPageFromShop('UK-BENCH-1', page, photoLike);
  }
  const publishMs = performance.now() - started;
  const { rows } = await db.query<{ viewer_token: string; id: string }>(
    "SELECT id, viewer_token FROM widgets WHERE order_id = 'UK-BENCH-1'",
  );
  const book = rows[0]!;
  // What a viewer that loads every page at once would fetch, at each size.
  const eager: Record<number, number> = {};
  const { rows: pages } = await db.query<{ blob_prefix: string }>(
    'SELECT blob_prefix FROM widget_pages WHERE widget_id = $1',
    [book.id],
  );
  for (const size of [300, 800, 1300] as const) {
    let sum = 0;
    for (const page of pages) sum += (await blobs.stat(pageBlobKey(page.blob_prefix, size)))!.size;
    eager[size] = sum;
  }
  await app.listen({ port: PORT, host: '127.0.0.1' });
  return {
    url: `http://uk.localhost:${PORT}/photo-books/${book.viewer_token}`,
    eager,
    publishMs,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** One cold load in a fresh context: bytes and requests up to the first page's paint, then after idling. */
async function load(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number; deviceScaleFactor: number },
): Promise<LoadFigures> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.deviceScaleFactor,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const state = { lcp: 0 };
      (window as unknown as { __lcp: typeof state }).__lcp = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url);
    const first = page.locator('.page[data-page="1"] img');
    await first.evaluate((image: HTMLImageElement) => image.decode());
    // The first page is the page's largest paint: its time is when the page showed.
    await page.waitForFunction(() => (window as unknown as { __lcp: { lcp: number } }).__lcp.lcp > 0);
    const before = await page.evaluate(() => {
      const shown = (window as unknown as { __lcp: { lcp: number } }).__lcp.lcp;
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (entry) => entry.responseEnd <= shown,
      );
      return {
        chosenSize: Number(
          /\/(\d+)\.webp$/.exec((document.querySelector('.page img') as HTMLImageElement).currentSrc)![1],
        ),
        firstPageMs: shown,
        bytes: navigation.transferSize + resources.reduce((sum, entry) => sum + entry.transferSize, 0),
        requests: 1 + resources.length,
      };
    });
    await page.waitForTimeout(2_000);
    const afterIdle = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return (
        navigation.transferSize +
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).reduce(
          (sum, entry) => sum + entry.transferSize,
          0,
        )
      );
    });
    return {
      bytesBeforeFirstPage: before.bytes,
      requestsBeforeFirstPage: before.requests,
      firstPageMs: before.firstPageMs,
      bytesAfterIdle: afterIdle,
      chosenSize: before.chosenSize,
    };
  } finally {
    await context.close();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-widget-'));
const prepared = await prepare(dataDir);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  console.log(
    `120-page book published through the shop's page calls in ${(prepared.publishMs / 1000).toFixed(1)} s`,
  );
  const profiles = [
    { name: 'desktop 1280x800, DPR 1', viewport: { width: 1280, height: 800, deviceScaleFactor: 1 } },
    { name: 'desktop 1920x1200, DPR 2', viewport: { width: 1920, height: 1200, deviceScaleFactor: 2 } },
    { name: 'phone 390x844, DPR 2', viewport: { width: 390, height: 844, deviceScaleFactor: 2 } },
  ];
  // One warm-up load: the server's first answers compile its templates and read the locale file.
  await load(browser, prepared.url, profiles[0]!.viewport);
  for (const profile of profiles) {
    const runs: LoadFigures[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await load(browser, prepared.url, profile.viewport));
    const bytes = median(runs.map((run) => run.bytesBeforeFirstPage));
    const chosen = median(runs.map((run) => run.chosenSize));
    const eager = prepared.eager[chosen]!;
    console.log(`\n${profile.name} (median of ${RUNS} cold loads)`);
    console.log(
      `  bytes before the first page shows: ${kib(bytes)} in ${median(runs.map((run) => run.requestsBeforeFirstPage))} requests`,
    );
    console.log(
      `  time to first page (largest contentful paint): ${median(runs.map((run) => run.firstPageMs)).toFixed(0)} ms`,
    );
    console.log(
      `  bytes after 2 s idle on page 1 (neighbours preloaded): ${kib(median(runs.map((run) => run.bytesAfterIdle)))}`,
    );
    console.log(`  first page file chosen from the srcset: ${chosen} px`);
    console.log(
      `  an eager viewer (all ${PAGES} pages at ${chosen} px): ${kib(eager)}; ratio ${(bytes / eager).toFixed(3)}`,
    );
  }
} finally {
  await browser.close();
  await prepared.close();
  rmSync(dataDir, { recursive: true, force: true });
}
