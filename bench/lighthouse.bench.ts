/**
 * Lighthouse on the account area's pages (issue 23, section 3), printed, never asserted. The real server
 * runs with the demo's data (as `npm start` has it, plus the test payment page); Playwright's Chromium
 * signs the demo customer in through the real sign-in page, and Lighthouse from npm (its default mobile
 * settings: a Moto G Power's screen, 4x CPU slowdown, slow 4G, simulated) measures each page in Debian's
 * Chromium, started by chrome-launcher, with the session cookie in its jar. It talks to the server's own
 * HTTP/1.1, as issue 23 measured; LIGHTHOUSE_FRONT=tls puts a TLS terminator speaking HTTP/2 in between
 * (support/tls-front.ts), as the Ingress of deploy/kubernetes is in production. Per page it prints the
 * median of RUNS runs of performance, accessibility and best-practices scores, LCP, CLS and TBT, and the
 * load average before and after, since the figures move with whatever else the cores do.
 *
 * Run from bench/: `npm run bench:lighthouse` (about 10 minutes on 2 shared cores). Settings:
 * LIGHTHOUSE_RUNS (3), LIGHTHOUSE_PORT (8397, the server), LIGHTHOUSE_FRONT_PORT (8447), LIGHTHOUSE_PAGES (comma-separated names, all by default),
 * LIGHTHOUSE_REPORT_DIR (writes the last run's JSON report of each page there, and its trace beside it, for a
 * profile of the long tasks), LIGHTHOUSE_PROFILE=true (the trace also holds the JavaScript profiler's
 * samples; `node --import tsx support/long-tasks.ts <trace>` then lists the long tasks and their scripts),
 * LIGHTHOUSE_LANTERN=true (beside the report, `<page>.lantern.json`: for each of Lighthouse's simulations,
 * such as pessimisticLargestContentfulPaint, when each request and CPU task started and ended in it, in
 * simulated milliseconds; the scores are computed from those times, not from the ones observed).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import { Simulation } from '@paulirish/trace_engine/models/trace/lantern/lantern.js';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD } from '../apps/server/src/demo/demo-accounts';
import { chromiumArgs, chromiumPath } from '../e2e/chromium-path';
import { createBenchServer, signInOnProviderPage } from './support/bench-server';
import { median } from './support/stats';
import { benchStorefront } from './support/storefront-texts';
import { startTlsFront } from './support/tls-front';

const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8397);
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const FRONTED = process.env.LIGHTHOUSE_FRONT === 'tls';
const PROFILE = process.env.LIGHTHOUSE_PROFILE === 'true';
const LANTERN = process.env.LIGHTHOUSE_LANTERN === 'true';
const FRONT_PORT = Number(process.env.LIGHTHOUSE_FRONT_PORT ?? 8447);
// The British storefront: the demo's online photo book is published in its gallery.
const { origin, signInTexts } = FRONTED
  ? benchStorefront('uk', FRONT_PORT, 'https')
  : benchStorefront('uk', PORT);
// The front's certificate is its own, not one a browser knows.
const browserArgs = FRONTED ? [...chromiumArgs, '--ignore-certificate-errors'] : chromiumArgs;

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface Measured {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

/** The pages measured: the signed-in ones with the session cookie, the public ones without. */
async function pagesToMeasure(context: BrowserContext) {
  // Node does not resolve `*.localhost`; the signed-in browser does, and has the session.
  const page = await context.newPage();
  await page.goto(`${origin}/photo-books/gallery`);
  const gallery = await page.content();
  const { items } = await page.evaluate(
    async () =>
      (await (await fetch('/api/orders/v2/superorders/me?Limit=1')).json()) as {
        items: Array<{ orderCode: string }>;
      },
  );
  await page.close();
  const viewerPath = gallery.match(/href="(\/photo-books\/(?!gallery|assets\/)[^"?#]+)"/)?.[1];
  if (!items[0] || !viewerPath) throw new Error('the demo data has no order or no published photo book');
  return [
    { name: 'sign-in', url: `${origin}/auth/login?returnTo=%2F`, signedIn: false },
    { name: 'overview', url: `${origin}/`, signedIn: true },
    { name: 'photos', url: `${origin}/my-photos/photos`, signedIn: true },
    { name: 'orders', url: `${origin}/orders`, signedIn: true },
    { name: 'order details', url: `${origin}/orders/${items[0].orderCode}`, signedIn: true },
    { name: 'settings', url: `${origin}/settings`, signedIn: true },
    { name: 'public viewer', url: `${origin}${viewerPath}`, signedIn: false },
    { name: 'gallery', url: `${origin}/photo-books/gallery`, signedIn: false },
  ].filter((page) => !ONLY || ONLY.includes(page.name));
}

/**
 * One Lighthouse run; a run whose trace Lighthouse could not read (it says to run it again, and now and
 * then does so on a busy machine) is run again, up to twice.
 */
async function measure(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // The JavaScript profiler's samples in the kept trace tell which script a long task runs.
      ...(PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    });
    if (!result) throw new Error(`${url}: Lighthouse returned nothing`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 3) throw new Error(`${url}: ${error.message}`);
    log(`${url}: ${error.code}, once more`);
  }
}

/**
 * What Lighthouse's last run simulated (its simulator keeps each simulation's node timings, by label):
 * per simulation, [start, end, request URL or 'cpu <observed ms>'], in simulated milliseconds.
 */
function writeLanternTimings(file: string) {
  const simulations: Record<string, Array<[number, number, string]>> = {};
  for (const [label, timings] of Simulation.Simulator.allNodeTimings) {
    simulations[label] = [...timings].map(([node, { startTime, endTime }]) => [
      Math.round(startTime),
      Math.round(endTime),
      node.type === 'network' ? node.request.url : `cpu ${Math.round(node.duration / 1000)}`,
    ]);
  }
  writeFileSync(file, JSON.stringify(simulations));
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const server = createBenchServer({
    root,
    port: PORT,
    dataDir,
    // A phone and the shop's servers are different machines: here they share two cores, and the
    // server's work for a page load would be counted as the phone's (Lighthouse multiplies the main
    // thread's measured tasks by its slowdown). Lower priority keeps the server out of the browser's way.
    nice: 10,
    // The demo's photos need their thumbnails: the worker runs in the server, as with `npm start`.
    env: {
      DEMO_DATA: 'true',
      TEST_PAYMENTS: 'true',
      JOB_CONCURRENCY: '2',
      ...(FRONTED
        ? { PUBLIC_SCHEME: 'https', PUBLIC_PORT: String(FRONT_PORT), TRUST_PROXY: '127.0.0.1' }
        : {}),
    },
  });
  log(`starting the server on a fresh data folder (load average ${load()})`);
  await server.start();
  const front = FRONTED ? await startTlsFront(FRONT_PORT, PORT) : undefined;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...browserArgs],
  });
  try {
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: browserArgs });
    const context = await browser.newContext({ ignoreHTTPSErrors: FRONTED });
    await signInOnProviderPage(context, {
      url: `${origin}/`,
      email: 'demo@example.com',
      password: DEMO_PASSWORD,
      texts: signInTexts,
    });
    const session = await context.cookies(origin);
    const pages = await pagesToMeasure(context);
    await browser.close();
    // The session goes into the measuring Chrome's own cookie jar, which Lighthouse's storage reset
    // leaves alone. Sent as Lighthouse's `extraHeaders` it reached the document but not the page's
    // fetches: the API answered 401 and every signed-in page measured a redirect to sign-in.
    const measuring = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const jar = measuring.contexts()[0]!;
    // Let the demo's thumbnails finish before the first measurement.
    await new Promise((resolve) => setTimeout(resolve, 10_000));

    const results: Array<{ name: string; median: Measured; loadBefore: string; loadAfter: string }> = [];
    for (const page of pages) {
      const loadBefore = load();
      const runs: Measured[] = [];
      if (page.signedIn) await jar.addCookies(session);
      else await jar.clearCookies();
      for (let run = 0; run < RUNS; run++) {
        const result = await measure(page.url, chrome.port);
        const { categories, audits, finalDisplayedUrl } = result.lhr;
        if (page.signedIn && new URL(finalDisplayedUrl).pathname !== new URL(page.url).pathname) {
          throw new Error(`${page.name}: ended on ${finalDisplayedUrl}, not on the signed-in page`);
        }
        runs.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
        });
        if (REPORT_DIR && run === RUNS - 1) {
          mkdirSync(REPORT_DIR, { recursive: true });
          writeFileSync(
            path.join(REPORT_DIR, `${page.name.replace(/ /g, '-')}.json`),
            result.report as string,
          );
          writeFileSync(
            path.join(REPORT_DIR, `${page.name.replace(/ /g, '-')}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          );
          if (LANTERN)
            writeLanternTimings(path.join(REPORT_DIR, `${page.name.replace(/ /g, '-')}.lantern.json`));
        }
      }
      const of = (key: keyof Measured) => median(runs.map((run) => run[key]));
      const measured: Measured = {
        performance: of('performance'),
        accessibility: of('accessibility'),
        bestPractices: of('bestPractices'),
        lcpMs: of('lcpMs'),
        cls: of('cls'),
        tbtMs: of('tbtMs'),
      };
      results.push({ name: page.name, median: measured, loadBefore, loadAfter: load() });
      log(
        `${page.name}: performance ${measured.performance} (runs ${runs.map((run) => run.performance).join(', ')}), TBT ${measured.tbtMs.toFixed(0)} ms (runs ${runs.map((run) => run.tbtMs.toFixed(0)).join(', ')})`,
      );
    }

    await measuring.close();

    console.log(
      `\nLighthouse ${RUNS} runs per page, median (default mobile settings; ${FRONTED ? 'HTTPS and HTTP/2 through the TLS front' : "the server's own HTTP/1.1"}):`,
    );
    console.log(
      '| page | performance | accessibility | best practices | LCP | CLS | TBT | load average before / after |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const { name, median: m, loadBefore, loadAfter } of results) {
      console.log(
        `| ${name} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${(m.lcpMs / 1000).toFixed(1)} s | ${m.cls.toFixed(3)} | ${m.tbtMs.toFixed(0)} ms | ${loadBefore} / ${loadAfter} |`,
      );
    }
  } finally {
    chrome.kill();
    await front?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
