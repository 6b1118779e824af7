/**
 * Timeline figures in a real browser (DESIGN section 4, "browser"), printed, never asserted. The real
 * server runs on a data folder holding 1,000,000 photos of demo@example.com (a 60,000-photo month, a
 * 15,000-photo day, 25 years); Chromium signs in through the real sign-in page, and every measured page
 * is a bare one (support/bench-page.ts: Playwright does not instrument it, as no DevTools watch a
 * customer's browser) opening 'My photos':
 * - reachability: the scrubber (an ARIA slider) walked by ArrowDown from the newest month to the oldest,
 *   each month's header in the scroll container after its key; End, Home, PageDown; the scroll height
 *   against the browser's cap (about 16.7 million px);
 * - the 60,000-photo month: entered by the scrubber, its '+N' tile clicked, then scrolled through a
 *   viewport at a time (scrollTop, and the mouse wheel): the longest main-thread task (PerformanceObserver
 *   'longtask'), the tile elements in the page, placeholders left when a step settles, the time;
 * - the JS heap (after a forced GC) before and after the full traversal, then 200 steps back up through
 *   the pages the store dropped on the way down (decision 156);
 * - the 15,000-photo day's month and a normal month for comparison.
 *
 * Run from bench/: `npm run bench:timeline-browser` (about 10 minutes on 2 shared cores from nothing, about
 * 8 with the data folder cached; the whole-month traversal takes 3.5). The prepared folder is cached in the
 * temp directory and reused while the loader and the shape are unchanged; TIMELINE_BROWSER_FRESH=1 prepares
 * a new one (and deletes it after). Other settings: TIMELINE_BROWSER_PORT (8390),
 * TIMELINE_BROWSER_STOREFRONT (nl), TIMELINE_BROWSER_WEB_DIST (a web build other than apps/web/dist),
 * TIMELINE_BROWSER_QUICK=1 (no whole-month traversal), TIMELINE_BROWSER_DPR2=0 (no DPR 2 run),
 * TIMELINE_BROWSER_TRACE=1 (a Chromium trace of each phase and what its long tasks were made of),
 * TIMELINE_BROWSER_TRACE_STEPS=2800-2900 (a trace of only those steps of the whole-month traversal: deep
 * in the month, where a trace of the whole traversal would be gigabytes), TIMELINE_BROWSER_INSTRUMENTED=1
 * (the whole month once more in a Playwright page, to compare).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium-path';
import { BROWSER_SHAPE, DEMO_EMAIL, DEMO_PASSWORD, prepareDataFolder } from './support/browser-library';
import { fromPlaywright, openBarePage, type BenchPage } from './support/bench-page';
import { createBenchServer, signInOnProviderPage } from './support/bench-server';
import {
  initScript,
  type LongTaskWindow,
  type TimelineCondition,
  type TimelineState,
} from './support/browser-page';
import { longTaskBreakdown, TRACE_CATEGORIES } from './support/browser-trace';
import { median, percentile } from './support/stats';
import { benchStorefront } from './support/storefront-texts';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.TIMELINE_BROWSER_PORT ?? 8390);
const STOREFRONT_ID = process.env.TIMELINE_BROWSER_STOREFRONT ?? 'nl';
const QUICK = process.env.TIMELINE_BROWSER_QUICK === '1';
const DPR2 = process.env.TIMELINE_BROWSER_DPR2 !== '0';
const FRESH = process.env.TIMELINE_BROWSER_FRESH === '1';
const TRACE = process.env.TIMELINE_BROWSER_TRACE === '1';
/**
 * The server stands in for the shop's servers, which a customer's browser does not share its cores
 * with: it runs at a lower CPU priority (nice 10), so on two cores the page's tasks do not wait behind
 * thumbnails being served. TIMELINE_BROWSER_SERVER_NICE=0 runs it at the browser's priority.
 */
const SERVER_NICE = existsSync('/usr/bin/nice') ? Number(process.env.TIMELINE_BROWSER_SERVER_NICE ?? 10) : 0;
/** TIMELINE_BROWSER_INSTRUMENTED=1 also runs the whole month in a Playwright page, for comparison. */
const INSTRUMENTED = process.env.TIMELINE_BROWSER_INSTRUMENTED === '1';
/**
 * TIMELINE_BROWSER_PIN=1 runs the server (and this process) on core 0 and Chromium on the others. On
 * two cores that was worse for the renderer than sharing (Chromium's own threads then compete for one
 * core: bench/README.md), so by default the system places everything.
 */
const PIN =
  process.env.TIMELINE_BROWSER_PIN === '1' && os.cpus().length >= 2 && existsSync('/usr/bin/taskset');
const BROWSER_CORES = `1-${os.cpus().length - 1}`;
const TRACE_STEPS = process.env.TIMELINE_BROWSER_TRACE_STEPS?.split('-').map(Number) as
  [number, number] | undefined;
const VIEWPORT = { width: 1280, height: 900 };
/** Steps of the runs that do not traverse the whole month (enough to leave the first loaded pages). */
const PARTIAL_STEPS = 200;
const TARGET = { longTaskMs: 50, tiles: 400, scrollCap: 16_777_216 };
// performance.memory rounds to coarse buckets unless asked to be precise.
const BROWSER_ARGS = [...chromiumArgs, '--enable-precise-memory-info'];

const BIG_MONTH = `${BROWSER_SHAPE.bigMonth.year}-${BROWSER_SHAPE.bigMonth.month}`;
const BIG_DAY_MONTH = `${Number(BROWSER_SHAPE.bigDay.date.slice(0, 4))}-${Number(BROWSER_SHAPE.bigDay.date.slice(5, 7))}`;
const NORMAL_MONTH = '2010-3';

// ---------------------------------------------------------------------------------------------------
// Storefront texts: the product's own translation files, so the bench finds what the page shows.

const { origin, appTexts, signInTexts } = benchStorefront(STOREFRONT_ID, PORT);
const NAMES = { region: appTexts['timeline.label']!, slider: appTexts['timeline.scrubber']! };

// ---------------------------------------------------------------------------------------------------
// Output helpers.

const number = (value: number) => Math.round(value).toLocaleString('en-US');
const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

interface Row {
  figure: string;
  value: string;
  target: string;
  result: string;
}
const rows: Row[] = [];
const notes: string[] = [];
function row(figure: string, value: string, target = '', pass?: boolean) {
  rows.push({ figure, value, target, result: pass === undefined ? '' : pass ? 'pass' : 'FAIL' });
}
function log(line: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
}

// ---------------------------------------------------------------------------------------------------
// The browser.

/** Chromium, started on the browser's cores when pinning (a wrapper script, as Playwright wants a path). */
function browserExecutable(): string | undefined {
  const executable = chromiumPath();
  if (!PIN || !executable) return executable;
  spawnSync('taskset', ['-cp', '0', String(process.pid)], { stdio: 'ignore' });
  const wrapper = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-')), 'chromium');
  writeFileSync(wrapper, `#!/bin/sh\nexec taskset -c ${BROWSER_CORES} '${executable}' "$@"\n`, {
    mode: 0o755,
  });
  return wrapper;
}

// ---------------------------------------------------------------------------------------------------
// Traces (TIMELINE_BROWSER_TRACE=1): what each long task of a phase was made of.

let benchBrowser: Browser | undefined;
const traceReports: Array<{ label: string; file: string; lines: string[] }> = [];

async function stopTrace(label: string) {
  const trace = (await benchBrowser!.stopTracing()).toString('utf8');
  const file = path.join(os.tmpdir(), `timeline-browser-${label.replaceAll(/\W+/g, '-')}.trace.json`);
  writeFileSync(file, trace);
  traceReports.push({ label, file, lines: longTaskBreakdown(trace) });
}

async function traced<T>(label: string, work: () => Promise<T>): Promise<T> {
  if (!TRACE || !benchBrowser) return work();
  // The whole browser: a bare page is no Playwright page to name.
  await benchBrowser.startTracing(undefined, { categories: TRACE_CATEGORIES });
  try {
    return await work();
  } finally {
    await stopTrace(label);
  }
}

// ---------------------------------------------------------------------------------------------------
// The page.

const read = (page: BenchPage) =>
  page.evaluate<TimelineState>(`window.__benchFns.readTimeline(${JSON.stringify(NAMES)})`);
const pageNow = (page: BenchPage) => page.evaluate<number>('performance.now()');
const settle = (page: BenchPage, count = 3) => page.evaluate<number>(`window.__benchFns.frames(${count})`);
const longTasks = (page: BenchPage, from: number, to: number) =>
  page.evaluate<LongTaskWindow>(`window.__benchFns.longTasksBetween(${JSON.stringify([from, to])})`);

function waitFor(page: BenchPage, condition: TimelineCondition, timeout: number): Promise<boolean> {
  return page.evaluate(
    `window.__benchFns.waitUntil(${JSON.stringify({ names: NAMES, condition, timeout })})`,
  );
}

/** Signs the demo customer in on the provider's real page; bare pages take the cookies from here. */
const signIn = (context: BrowserContext) =>
  signInOnProviderPage(context, {
    url: `${origin}/my-photos/photos`,
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    texts: signInTexts,
  });

let signedIn: BrowserContext | undefined;
const openPages = new Set<BenchPage>();

/** Opens 'My photos' in a new bare page (support/bench-page.ts says why) and waits for the rail. */
async function openTimeline(deviceScaleFactor = 1): Promise<BenchPage> {
  const page = await openBarePage(benchBrowser!, {
    signedInFrom: signedIn!,
    url: `${origin}/my-photos/photos`,
    viewport: VIEWPORT,
    deviceScaleFactor,
    initScript: initScript(),
  });
  openPages.add(page);
  await waitForRail(page);
  return page;
}

/** Waits until the app has shown the month rail and a month header. */
async function waitForRail(page: BenchPage) {
  const started = performance.now();
  const sliderShown = `!!(window.__benchFns && document.querySelector('[role="slider"]'))`;
  while (!(await page.evaluate<boolean>(sliderShown).catch(() => false))) {
    if (performance.now() - started > 120_000) throw new Error('the timeline did not show its rail');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await waitFor(page, { hasMonths: true, headerInView: true }, 60_000);
}

async function closePage(page: BenchPage) {
  openPages.delete(page);
  await page.close();
}

/**
 * The renderer main thread's own counters (CDP Performance): task time by the wall clock, the thread's
 * CPU time and script time. On a shared machine a task's wall time includes the time the thread waited
 * for a core; its CPU time does not.
 */
interface MainThread {
  taskMs: number;
  cpuMs: number;
  scriptMs: number;
  styleMs: number;
  layoutMs: number;
  /** DOM nodes alive in the renderer (a difference between two readings is what a phase left). */
  nodes: number;
}

async function mainThread(page: BenchPage): Promise<MainThread> {
  const { metrics } = await page.send<{ metrics: Array<{ name: string; value: number }> }>(
    'Performance.getMetrics',
  );
  const value = (name: string) => (metrics.find((metric) => metric.name === name)?.value ?? 0) * 1000;
  return {
    taskMs: value('TaskDuration'),
    cpuMs: value('ThreadTime'),
    scriptMs: value('ScriptDuration'),
    styleMs: value('RecalcStyleDuration'),
    layoutMs: value('LayoutDuration'),
    nodes: value('Nodes') / 1000,
  };
}

const since = (after: MainThread, before: MainThread): MainThread => ({
  taskMs: after.taskMs - before.taskMs,
  cpuMs: after.cpuMs - before.cpuMs,
  scriptMs: after.scriptMs - before.scriptMs,
  styleMs: after.styleMs - before.styleMs,
  layoutMs: after.layoutMs - before.layoutMs,
  nodes: after.nodes - before.nodes,
});

async function heapAfterGc(page: BenchPage): Promise<{ cdp: number; performance: number }> {
  await page.send('HeapProfiler.collectGarbage');
  await page.send('HeapProfiler.collectGarbage');
  const usage = await page.send<{ usedSize: number }>('Runtime.getHeapUsage');
  const used = await page.evaluate<number>('performance.memory ? performance.memory.usedJSHeapSize : 0');
  return { cdp: usage.usedSize, performance: used };
}

/**
 * A 0 ms 'longest task' must mean no task reached 50 ms, not that the observer saw nothing: one busy
 * task of known length is run in the page and read back through the same observer first.
 */
const CALIBRATION_MS = 120;
async function calibrate(page: BenchPage): Promise<LongTaskWindow> {
  const from = await pageNow(page);
  // A task of the page's own event loop, as the app's work is (a script evaluated through the
  // DevTools protocol is not reported as a long task).
  await page.evaluate(
    `new Promise((resolve) => setTimeout(() => resolve(window.__benchFns.busyFor(${CALIBRATION_MS})), 0))`,
  );
  const to = await pageNow(page);
  return longTasks(page, from, to);
}

async function focusSlider(page: BenchPage) {
  await page.evaluate(
    `document.querySelector(${JSON.stringify(`[role="slider"][aria-label="${NAMES.slider}"]`)}).focus()`,
  );
}

async function press(page: BenchPage, key: string) {
  await page.press(key);
}

// ---------------------------------------------------------------------------------------------------
// a. Reachability.

interface Reachability {
  months: number;
  reached: Map<number, string>;
  stepMs: number[];
  misses: Array<{ target: number; got: number; text: string; headerInView: boolean }>;
  maxScrollHeight: number;
  maxTiles: number;
  tasks: LongTaskWindow;
  mainThread: MainThread;
  /** Main-thread CPU of each key, in order. */
  stepCpuMs: number[];
  clientHeight: number;
  columns: number;
  end: { valueNow: number; headerInView: boolean; oldestHeader: string };
  home: { valueNow: number; headerInView: boolean };
  pageDown: { years: number; reached: number; presses: number };
}

async function reachability(page: BenchPage): Promise<Reachability> {
  await focusSlider(page);
  await press(page, 'Home');
  await settle(page);
  let state = await read(page);
  const months = state.valueMax + 1;
  const reached = new Map<number, string>();
  if (state.valueNow === 0 && state.headerInView) reached.set(0, state.headerKey!);
  const stepMs: number[] = [];
  const misses: Reachability['misses'] = [];
  let maxScrollHeight = state.scrollHeight;
  let maxTiles = state.tiles;
  const from = await pageNow(page);
  const threadFrom = await mainThread(page);
  let stepThread = threadFrom;
  const stepCpuMs: number[] = [];
  let stuck = 0;
  while (state.valueNow < state.valueMax && stuck < 3) {
    const target = state.valueNow + 1;
    const started = performance.now();
    await press(page, 'ArrowDown');
    await waitFor(page, { valueNow: target, headerInView: true }, 5_000);
    const took = performance.now() - started;
    // A scroll the browser clamps arrives a frame later and may move the slider back.
    await settle(page, 2);
    const stepEnd = await mainThread(page);
    stepCpuMs.push(since(stepEnd, stepThread).cpuMs);
    stepThread = stepEnd;
    const previous = state.valueNow;
    state = await read(page);
    maxScrollHeight = Math.max(maxScrollHeight, state.scrollHeight);
    maxTiles = Math.max(maxTiles, state.tiles);
    if (state.valueNow === target && state.headerInView) {
      reached.set(target, state.headerKey!);
      stepMs.push(took);
      stuck = 0;
    } else {
      misses.push({ target, got: state.valueNow, text: state.valueText, headerInView: state.headerInView });
      if (state.valueNow <= previous) stuck += 1;
    }
  }
  const to = await pageNow(page);
  const walkThread = since(stepThread, threadFrom);
  const tasks = await longTasks(page, from, to);

  await press(page, 'Home');
  await waitFor(page, { valueNow: 0, headerInView: true }, 5_000);
  await settle(page);
  const homeState = await read(page);
  await press(page, 'End');
  await waitFor(page, { atMax: true, headerInView: true }, 5_000);
  await settle(page);
  const endState = await read(page);
  const oldestHeader = await page.evaluate(
    `window.__benchFns.headerPosition(${JSON.stringify({ region: NAMES.region, key: reached.get(months - 1) ?? '0-0' })})`,
  );
  await press(page, 'Home');
  await waitFor(page, { valueNow: 0, headerInView: true }, 5_000);
  await settle(page);
  const backHome = await read(page);

  // PageDown: a year at a time, every year's first month header in view.
  const years = new Set<string>();
  const yearsReached = new Set<string>();
  for (const key of reached.values()) years.add(key.split('-')[0]!);
  let presses = 0;
  state = backHome;
  stuck = 0;
  while (state.valueNow < state.valueMax && stuck < 3 && presses < 100) {
    presses += 1;
    const before = state.valueNow;
    await press(page, 'PageDown');
    await waitFor(page, { valueNowNot: before, headerInView: true }, 5_000);
    await settle(page, 2);
    state = await read(page);
    if (state.headerInView && state.headerKey) yearsReached.add(state.headerKey.split('-')[0]!);
    stuck = state.valueNow <= before ? stuck + 1 : 0;
  }
  if (backHome.headerKey) yearsReached.add(backHome.headerKey.split('-')[0]!);

  return {
    months,
    reached,
    stepMs,
    misses,
    maxScrollHeight,
    maxTiles,
    tasks,
    mainThread: walkThread,
    stepCpuMs,
    clientHeight: state.clientHeight,
    columns: await page.evaluate(
      `(() => { const tops = [...document.querySelectorAll('.timeline__tile')].map((tile) => tile.getBoundingClientRect().top);
        const first = Math.min(...tops); return tops.filter((top) => Math.abs(top - first) < 1).length; })()`,
    ),
    end: {
      valueNow: endState.valueNow,
      headerInView: endState.valueNow === endState.valueMax && endState.headerInView,
      oldestHeader: String(oldestHeader),
    },
    home: { valueNow: homeState.valueNow, headerInView: homeState.valueNow === 0 && homeState.headerInView },
    pageDown: { years: years.size, reached: yearsReached.size, presses },
  };
}

// ---------------------------------------------------------------------------------------------------
// b. A month: entered by the scrubber, expanded, scrolled through.

/** Moves the slider by ArrowDown/ArrowUp to `index` (each key waits for its header). */
async function slideTo(page: BenchPage, index: number): Promise<TimelineState> {
  await focusSlider(page);
  let state = await read(page);
  let guard = 0;
  while (state.valueNow !== index && guard < 1000) {
    guard += 1;
    const target = state.valueNow + (state.valueNow < index ? 1 : -1);
    await press(page, state.valueNow < index ? 'ArrowDown' : 'ArrowUp');
    await waitFor(page, { valueNow: target, headerInView: true }, 5_000);
    state = await read(page);
  }
  if (state.valueNow !== index) throw new Error(`the slider did not reach month ${index}`);
  return state;
}

interface Entry {
  key: string;
  title: string;
  moreName: string | null;
  enterMs: number;
  tilesShownMs: number;
  expandMs: number;
  tasks: LongTaskWindow;
  mainThread: MainThread;
  scrollHeightExpanded: number;
  maxTiles: number;
}

async function enterMonth(page: BenchPage, index: number, key: string): Promise<Entry> {
  await slideTo(page, index - 1);
  await settle(page);
  const from = await pageNow(page);
  const threadFrom = await mainThread(page);
  let started = performance.now();
  await press(page, 'ArrowDown');
  await waitFor(page, { valueNow: index, headerInView: true }, 10_000);
  const enterMs = performance.now() - started;
  await waitFor(page, { noPlaceholders: true }, 30_000);
  const tilesShownMs = performance.now() - started;
  const state = await read(page);
  if (state.headerKey !== key) throw new Error(`month ${index} is ${state.headerKey}, not ${key}`);
  const more = `document.querySelector(${JSON.stringify(`section[aria-label="${state.valueText}"] .timeline__tile--more`)})`;
  started = performance.now();
  const moreName = await page.evaluate<string | null>(`${more}?.getAttribute('aria-label') ?? null`);
  if (moreName !== null) {
    await page.evaluate(`${more}.click()`);
    await settle(page);
    await waitFor(page, { noPlaceholders: true }, 30_000);
  }
  const expandMs = performance.now() - started;
  const to = await pageNow(page);
  const entryThread = since(await mainThread(page), threadFrom);
  const after = await read(page);
  return {
    key,
    title: state.valueText,
    moreName,
    enterMs,
    tilesShownMs,
    expandMs,
    tasks: await longTasks(page, from, to),
    mainThread: entryThread,
    scrollHeightExpanded: after.scrollHeight,
    maxTiles: Math.max(state.tiles, after.tiles),
  };
}

interface Traversal {
  mode: 'scrollTop' | 'wheel';
  /** Down through the month, or back up (through the pages the store dropped on the way down). */
  direction: 'down' | 'up';
  complete: boolean;
  steps: number;
  totalMs: number;
  tasks: LongTaskWindow;
  maxTiles: number;
  /** Steps whose viewport still had placeholders when the step had settled (3 frames). */
  stepsWithPlaceholders: number;
  maxPlaceholders: number;
  /** Time from a step until no placeholder was left in the viewport (only steps that had some). */
  waitMs: number[];
  timeouts: number;
  maxScrollHeight: number;
  mainThread: MainThread;
  /** Main-thread CPU of each step, in order (does a step cost more deep in the month?). */
  stepCpuMs: number[];
}

/**
 * Scrolls down a viewport at a time until the month at the top is the next one (or `maxSteps`); up,
 * until it is the one before.
 */
async function traverse(
  page: BenchPage,
  index: number,
  mode: Traversal['mode'],
  maxSteps: number,
  direction: Traversal['direction'] = 'down',
): Promise<Traversal> {
  const result: Traversal = {
    mode,
    direction,
    complete: false,
    steps: 0,
    totalMs: 0,
    tasks: { count: 0, maxMs: 0, totalMs: 0, longestFrames: [] },
    maxTiles: 0,
    stepsWithPlaceholders: 0,
    maxPlaceholders: 0,
    waitMs: [],
    timeouts: 0,
    maxScrollHeight: 0,
    mainThread: { taskMs: 0, cpuMs: 0, scriptMs: 0, styleMs: 0, layoutMs: 0, nodes: 0 },
    stepCpuMs: [],
  };
  let state = await read(page);
  const delta = direction === 'down' ? state.clientHeight : -state.clientHeight;
  const box = await page.evaluate<{ x: number; y: number; width: number; height: number }>(
    `(() => { const box = document.querySelector(${JSON.stringify(`[role="region"][aria-label="${NAMES.region}"]`)}).getBoundingClientRect(); return { x: box.x, y: box.y, width: box.width, height: box.height }; })()`,
  );
  const from = await pageNow(page);
  const threadFrom = await mainThread(page);
  let stepThread = threadFrom;
  const started = performance.now();
  let tracing = false;
  while (result.steps < maxSteps) {
    if (TRACE_STEPS && benchBrowser && maxSteps > TRACE_STEPS[1] && result.steps === TRACE_STEPS[0]) {
      await benchBrowser.startTracing(undefined, { categories: TRACE_CATEGORIES });
      tracing = true;
    }
    if (tracing && result.steps === TRACE_STEPS![1]) {
      tracing = false;
      await stopTrace(`${mode} steps ${TRACE_STEPS!.join('-')}`);
    }
    const stepStarted = performance.now();
    const before = state.scrollTop;
    if (mode === 'scrollTop') {
      state = await page.evaluate(
        `(async () => { const f = window.__benchFns; f.scrollBy(${JSON.stringify({ region: NAMES.region, delta })}); await f.frames(3); return f.readTimeline(${JSON.stringify(NAMES)}); })()`,
      );
    } else {
      await page.wheel(box.x + box.width / 2, box.y + box.height / 2, delta);
      // Smooth scrolling animates: settled when scrollTop has not moved for 3 frames.
      state = await page.evaluate(
        `(async () => { const f = window.__benchFns; let last = -1, still = 0, guard = 0;
          while (still < 3 && guard < 120) { guard += 1; await f.frames(1); const top = f.readTimeline(${JSON.stringify(NAMES)}).scrollTop;
            if (top === last && top !== ${before}) still += 1; else still = 0; last = top; }
          await f.frames(2); return f.readTimeline(${JSON.stringify(NAMES)}); })()`,
      );
    }
    result.steps += 1;
    result.maxTiles = Math.max(result.maxTiles, state.tiles);
    result.maxScrollHeight = Math.max(result.maxScrollHeight, state.scrollHeight);
    if (state.loadingInView > 0) {
      result.stepsWithPlaceholders += 1;
      result.maxPlaceholders = Math.max(result.maxPlaceholders, state.loadingInView);
      const ok = await waitFor(page, { noPlaceholders: true }, 30_000);
      if (!ok) result.timeouts += 1;
      result.waitMs.push(performance.now() - stepStarted);
      state = await read(page);
      result.maxTiles = Math.max(result.maxTiles, state.tiles);
    }
    const stepEnd = await mainThread(page);
    const stepCpu = since(stepEnd, stepThread).cpuMs;
    stepThread = stepEnd;
    result.stepCpuMs.push(stepCpu);
    if (direction === 'down' ? state.valueNow > index : state.valueNow < index) {
      result.complete = true;
      break;
    }
    if (state.scrollTop === before) break;
  }
  if (tracing) await stopTrace(`${mode} steps ${TRACE_STEPS![0]}-${result.steps}`);
  result.totalMs = performance.now() - started;
  result.mainThread = since(stepThread, threadFrom);
  const to = await pageNow(page);
  result.tasks = await longTasks(page, from, to);
  return result;
}

// ---------------------------------------------------------------------------------------------------
// The run.

interface MonthRun {
  label: string;
  entry: Entry;
  traversal: Traversal;
  heapBefore?: { cdp: number; performance: number };
  heapAfter?: { cdp: number; performance: number };
  /** After the whole month: back up PARTIAL_STEPS through the pages dropped on the way down. */
  back?: Traversal;
}

function indexOf(reach: Reachability, key: string): number {
  for (const [index, candidate] of reach.reached) if (candidate === key) return index;
  throw new Error(`month ${key} was not reached by the scrubber, so the bench cannot find it`);
}

async function monthRun(
  label: string,
  index: number,
  key: string,
  mode: Traversal['mode'],
  maxSteps: number,
  heap: boolean,
  existing?: BenchPage,
): Promise<MonthRun> {
  const timeline = existing ?? (await openTimeline());
  const entry = await enterMonth(timeline, index, key);
  const heapBefore = heap ? await heapAfterGc(timeline) : undefined;
  const traversal = await traced(`${label}-traversal`, () => traverse(timeline, index, mode, maxSteps));
  const heapAfter = heap ? await heapAfterGc(timeline) : undefined;
  // Decision 156: the store drops pages far from the viewport, so going back reads them again.
  const back =
    heap && traversal.complete
      ? await traced(`${label}-back`, () => traverse(timeline, index, 'scrollTop', PARTIAL_STEPS, 'up'))
      : undefined;
  log(
    `  ${label}: entry longest task ${ms(entry.tasks.maxMs)}, ${traversal.steps} ${mode} steps in ${(traversal.totalMs / 1000).toFixed(1)} s, longest task ${ms(traversal.tasks.maxMs)}, max tiles ${traversal.maxTiles}`,
  );
  if (back) {
    log(
      `  ${label}, back up: ${back.steps} steps, longest task ${ms(back.tasks.maxMs)}, placeholders when settled at ${back.stepsWithPlaceholders} steps`,
    );
  }
  if (!existing) await closePage(timeline);
  return { label, entry, traversal, heapBefore, heapAfter, ...(back ? { back } : {}) };
}

async function main() {
  const loadStart = os.loadavg();
  log(`load average (1/5/15 min) at start: ${loadAverage()} on ${os.cpus().length} cores`);

  // 1. The data folder.
  const dataDir = FRESH
    ? mkdtempSync(path.join(os.tmpdir(), 'bench-timeline-browser-'))
    : (process.env.TIMELINE_BROWSER_DATA_DIR ?? path.join(os.tmpdir(), 'photo-bench-timeline-browser'));
  log(`data folder ${dataDir}`);
  const prepared = await prepareDataFolder(dataDir, BROWSER_SHAPE, log);
  log(
    prepared.reused
      ? 'data folder reused (its marker matches the loader and the shape)'
      : `data folder prepared in ${(prepared.totalMs / 1000).toFixed(0)} s`,
  );

  // 2. The web app and the server.
  let browser: Browser | undefined;
  const server = createBenchServer({
    root,
    port: PORT,
    dataDir,
    nice: SERVER_NICE,
    ...(PIN ? { cores: '0' } : {}),
    env: process.env.TIMELINE_BROWSER_WEB_DIST ? { WEB_DIST_DIR: process.env.TIMELINE_BROWSER_WEB_DIST } : {},
  });
  try {
    const readyMs = await server.start();
    log(`server ready in ${(readyMs / 1000).toFixed(1)} s on ${origin}`);

    browser = await chromium.launch({ executablePath: browserExecutable(), args: BROWSER_ARGS });
    benchBrowser = browser;
    signedIn = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    await signedIn.addInitScript({ content: initScript() });
    await signIn(signedIn);

    // a. Reachability.
    log('a. reachability: ArrowDown from the newest month to the oldest, End, Home, PageDown');
    const first = await openTimeline();
    const calibration = await calibrate(first);
    log(`  a ${CALIBRATION_MS} ms task measured as ${ms(calibration.maxMs)}`);
    const reach = await traced('arrowdown-walk', () => reachability(first));
    log(
      `  ${reach.reached.size} of ${reach.months} months reached, median step ${ms(median(reach.stepMs))}, longest task ${ms(reach.tasks.maxMs)}`,
    );

    // b/c. The 60,000-photo month, three runs, each entered afresh: the whole month by scrollTop (with the
    // heap before and after), then the first PARTIAL_STEPS by the mouse wheel and by scrollTop again.
    const bigIndex = indexOf(reach, BIG_MONTH);
    log(
      `b. the ${number(BROWSER_SHAPE.bigMonth.photos)}-photo month (${BIG_MONTH}, slider index ${bigIndex})`,
    );
    const fullSteps = QUICK ? PARTIAL_STEPS : 10_000;
    const big: MonthRun[] = [];
    big.push(await monthRun('run 1', bigIndex, BIG_MONTH, 'scrollTop', fullSteps, true, first));
    await closePage(first);
    big.push(await monthRun('run 2', bigIndex, BIG_MONTH, 'wheel', PARTIAL_STEPS, false));
    big.push(await monthRun('run 3', bigIndex, BIG_MONTH, 'scrollTop', PARTIAL_STEPS, false));
    let instrumented: MonthRun | undefined;
    if (INSTRUMENTED) {
      log('  the same whole month in a Playwright page (its network instrumentation on)');
      const page = await signedIn.newPage();
      const playwrightPage = fromPlaywright(page, await signedIn.newCDPSession(page));
      await playwrightPage.send('Performance.enable');
      await page.goto(`${origin}/my-photos/photos`);
      await waitForRail(playwrightPage);
      instrumented = await monthRun(
        'Playwright page',
        bigIndex,
        BIG_MONTH,
        'scrollTop',
        fullSteps,
        true,
        playwrightPage,
      );
      await page.close();
    }

    // d. Comparison months.
    log('d. comparison months');
    const dayMonth = await monthRun(
      `the ${number(BROWSER_SHAPE.bigDay.photos)}-photo day's month`,
      indexOf(reach, BIG_DAY_MONTH),
      BIG_DAY_MONTH,
      'scrollTop',
      PARTIAL_STEPS,
      false,
    );
    const normalMonth = await monthRun(
      'a normal month',
      indexOf(reach, NORMAL_MONTH),
      NORMAL_MONTH,
      'scrollTop',
      10_000,
      false,
    );

    let dpr2: MonthRun | undefined;
    if (DPR2) {
      log('DPR 2: the 60,000-photo month, entry and the first steps');
      const page = await openTimeline(2);
      dpr2 = await monthRun('DPR 2', bigIndex, BIG_MONTH, 'scrollTop', PARTIAL_STEPS, false, page);
      await closePage(page);
    }

    report({
      prepared,
      readyMs,
      calibration,
      reach,
      big,
      instrumented,
      dayMonth,
      normalMonth,
      dpr2,
      loadStart,
    });
  } catch (error) {
    // What the page showed when a step failed, for the report.
    for (const [position, page] of [...openPages].entries()) {
      const file = path.join(os.tmpdir(), `timeline-browser-failure-${position}.png`);
      await page.screenshot(file).then(
        () => console.error(`screenshot: ${file}`),
        () => undefined,
      );
    }
    throw error;
  } finally {
    await browser?.close();
    await server.stop();
    if (FRESH) rmSync(dataDir, { recursive: true, force: true });
  }
}

function longTaskRows(label: string, tasks: LongTaskWindow, thread: MainThread, stepCpuMs: number[]) {
  row(
    `${label}: longest task (wall clock)`,
    `${ms(tasks.maxMs)} (${tasks.count} long tasks, ${ms(tasks.totalMs)} in all)`,
    `<= ${TARGET.longTaskMs} ms`,
    tasks.maxMs <= TARGET.longTaskMs,
  );
  // A step holds several frames and tasks, so this is no per-task figure: it shows what the work costs
  // without the waiting for a core that a shared machine adds to the wall clock.
  row(
    `${label}: main thread CPU per step, median / max; whole phase`,
    `${stepCpuMs.length ? `${ms(median(stepCpuMs))} / ${ms(Math.max(...stepCpuMs))}` : '-'}; ${ms(thread.cpuMs)} CPU of ${ms(thread.taskMs)} task time (script ${ms(thread.scriptMs)}, style ${ms(thread.styleMs)}, layout ${ms(thread.layoutMs)}); DOM nodes ${thread.nodes >= 0 ? '+' : ''}${thread.nodes}`,
  );
}

function report(figures: {
  prepared: Awaited<ReturnType<typeof prepareDataFolder>>;
  readyMs: number;
  calibration: LongTaskWindow;
  reach: Reachability;
  big: MonthRun[];
  /** The whole month again in a Playwright page (TIMELINE_BROWSER_INSTRUMENTED=1), not a headline. */
  instrumented: MonthRun | undefined;
  dayMonth: MonthRun;
  normalMonth: MonthRun;
  dpr2: MonthRun | undefined;
  loadStart: number[];
}) {
  const { prepared, readyMs, calibration, reach, big, instrumented, dayMonth, normalMonth, dpr2, loadStart } =
    figures;
  const { load } = prepared;
  const seconds = (value: number) => `${(value / 1000).toFixed(0)} s`;
  row(
    'Preparation of the data folder',
    prepared.reused
      ? 'reused (cached; TIMELINE_BROWSER_FRESH=1 prepares anew)'
      : `${seconds(prepared.totalMs)} (insert ${seconds(load!.insertMs)}, indexes ${seconds(load!.indexMs)}, counts ${seconds(load!.countsMs)}, analyze ${seconds(load!.analyzeMs)}, shared files ${seconds(prepared.sharedFilesMs!)}, vacuum ${seconds(prepared.vacuumMs!)})`,
  );
  row('Server start to /readyz (1M photos)', ms(readyMs));
  row(
    'Cores',
    PIN
      ? `server and bench on core 0, Chromium on ${BROWSER_CORES} (TIMELINE_BROWSER_PIN=1)`
      : 'shared by the server, the bench and Chromium',
  );
  row(
    'Server CPU priority',
    SERVER_NICE > 0 ? `nice ${SERVER_NICE} (TIMELINE_BROWSER_SERVER_NICE=0: the browser's)` : "the browser's",
  );
  row(
    `Instrument check: one ${CALIBRATION_MS} ms task in the page, as the long-task observer saw it`,
    `${ms(calibration.maxMs)} (${calibration.count} long task)`,
  );
  row('Timeline viewport (scroll container)', `${reach.clientHeight} px high, ${reach.columns} columns`);

  // a.
  row(
    'Months reachable by ArrowDown, newest to oldest (header in view)',
    `${reach.reached.size} of ${reach.months}`,
    'all',
    reach.reached.size === reach.months,
  );
  if (reach.misses.length > 0) {
    notes.push(
      `ArrowDown misses (target -> where the slider stayed): ${reach.misses
        .slice(0, 8)
        .map(
          (miss) =>
            `${miss.target} -> ${miss.got} '${miss.text}'${miss.headerInView ? '' : ' (header not in view)'}`,
        )
        .join('; ')}${reach.misses.length > 8 ? ` and ${reach.misses.length - 8} more` : ''}`,
    );
  }
  row(
    'ArrowDown: key to header in view, median (p95)',
    `${ms(median(reach.stepMs))} (${ms(percentile(reach.stepMs, 95))})`,
  );
  row(
    'End: slider on the oldest month, its header in view',
    reach.end.headerInView
      ? 'yes'
      : `no (slider at ${reach.end.valueNow} of ${reach.months - 1}; oldest header ${reach.end.oldestHeader})`,
    'yes',
    reach.end.headerInView,
  );
  row(
    'Home: slider on the newest month, its header in view',
    reach.home.headerInView ? 'yes' : `no (slider at ${reach.home.valueNow})`,
    'yes',
    reach.home.headerInView,
  );
  row(
    'PageDown: years whose first month header came into view',
    `${reach.pageDown.reached} of ${reach.pageDown.years} (${reach.pageDown.presses} presses)`,
    'all',
    reach.pageDown.reached === reach.pageDown.years,
  );
  longTaskRows('ArrowDown walk', reach.tasks, reach.mainThread, reach.stepCpuMs);
  row(
    'Scroll height, months collapsed',
    `${number(reach.maxScrollHeight)} px`,
    `< ${number(TARGET.scrollCap)} px`,
    reach.maxScrollHeight < TARGET.scrollCap,
  );
  const expandedHeight = Math.max(
    ...big.map((run) => Math.max(run.entry.scrollHeightExpanded, run.traversal.maxScrollHeight)),
  );
  row(
    `Scroll height, ${BIG_MONTH} expanded`,
    `${number(expandedHeight)} px`,
    `< ${number(TARGET.scrollCap)} px`,
    expandedHeight < TARGET.scrollCap,
  );

  // b.
  row(`'+N' tile of ${BIG_MONTH}`, big[0]!.entry.moreName ?? '(none)');
  row(
    `Entering ${BIG_MONTH}: header in view / tiles shown / '+N' expanded, median`,
    `${ms(median(big.map((run) => run.entry.enterMs)))} / ${ms(median(big.map((run) => run.entry.tilesShownMs)))} / ${ms(median(big.map((run) => run.entry.expandMs)))}`,
  );
  const entryLongest = big.map((run) => run.entry.tasks.maxMs);
  row(
    `Entering ${BIG_MONTH} (jump + '+N'): longest task, median of ${big.length}`,
    `${ms(median(entryLongest))} (runs: ${entryLongest.map(ms).join(', ')}; CPU of the entries ${big.map((run) => ms(run.entry.mainThread.cpuMs)).join(', ')})`,
    `<= ${TARGET.longTaskMs} ms`,
    median(entryLongest) <= TARGET.longTaskMs,
  );
  // The headline is the worst run: a median would hide the whole-month run behind two short ones.
  const traversalLongest = Math.max(...big.map((run) => run.traversal.tasks.maxMs));
  row(
    `Scrolling through ${BIG_MONTH}: longest task of ${big.length} runs`,
    `${ms(traversalLongest)} (runs: ${big.map((run) => `${run.traversal.mode} ${run.traversal.complete ? 'whole month' : `${run.traversal.steps} steps`} ${ms(run.traversal.tasks.maxMs)}`).join(', ')})`,
    `<= ${TARGET.longTaskMs} ms`,
    traversalLongest <= TARGET.longTaskMs,
  );
  const traversals = [...big, ...(instrumented ? [instrumented] : [])].flatMap((run) => [
    { run, t: run.traversal },
    ...(run.back ? [{ run, t: run.back }] : []),
  ]);
  for (const { run, t } of traversals) {
    const label =
      t.direction === 'up'
        ? `  ${run.label}, ${t.mode}, then back up ${t.steps} steps (pages dropped on the way down)`
        : `  ${run.label}, ${t.mode}, ${t.complete ? 'whole month' : `first ${t.steps} steps`}`;
    row(
      `${label}: steps, time`,
      `${t.steps} steps in ${(t.totalMs / 1000).toFixed(1)} s (${ms(t.totalMs / Math.max(1, t.steps))}/step)`,
    );
    longTaskRows(label, t.tasks, t.mainThread, t.stepCpuMs);
    if (t.complete && t.direction === 'down' && t.stepCpuMs.length >= 100) {
      const tenth = Math.floor(t.stepCpuMs.length / 10);
      const tenths = Array.from({ length: 10 }, (_, part) =>
        median(t.stepCpuMs.slice(part * tenth, (part + 1) * tenth)),
      );
      row(
        `${label}: CPU per step, median by tenth of the month`,
        tenths.map((value) => value.toFixed(0)).join(' / ') + ' ms',
      );
    }
    row(
      `${label}: steps with placeholders when settled`,
      `${t.stepsWithPlaceholders} of ${t.steps} (most ${t.maxPlaceholders} tiles); until shown median ${t.waitMs.length ? ms(median(t.waitMs)) : '-'}, max ${t.waitMs.length ? ms(Math.max(...t.waitMs)) : '-'}${t.timeouts ? `; ${t.timeouts} not filled in 30 s` : ''}`,
    );
  }
  const maxTiles = Math.max(
    reach.maxTiles,
    ...[...big, dayMonth, normalMonth, ...(dpr2 ? [dpr2] : [])].map((run) =>
      Math.max(run.entry.maxTiles, run.traversal.maxTiles, run.back?.maxTiles ?? 0),
    ),
  );
  row(
    'Tile elements in the page, most at any step',
    String(maxTiles),
    `<= ${TARGET.tiles}`,
    maxTiles <= TARGET.tiles,
  );

  // c.
  const { heapBefore, heapAfter, traversal } = big[0]!;
  if (heapBefore && heapAfter) {
    row(
      `JS heap after GC, before / after the ${traversal.complete ? 'whole' : 'partial'} traversal (CDP)`,
      `${mb(heapBefore.cdp)} / ${mb(heapAfter.cdp)} (+${mb(heapAfter.cdp - heapBefore.cdp)})`,
    );
    row(
      '  same, performance.memory.usedJSHeapSize',
      `${mb(heapBefore.performance)} / ${mb(heapAfter.performance)}`,
    );
  }

  // d.
  for (const run of [dayMonth, normalMonth, ...(dpr2 ? [dpr2] : [])]) {
    const t = run.traversal;
    const label = `${run.label} (${run.entry.key})`;
    row(
      `${label}: ${t.complete ? 'whole month' : `first ${t.steps} steps`}`,
      `${t.steps} steps in ${(t.totalMs / 1000).toFixed(1)} s; entry longest task ${ms(run.entry.tasks.maxMs)}; tiles at most ${Math.max(run.entry.maxTiles, t.maxTiles)}; placeholders when settled at ${t.stepsWithPlaceholders} steps`,
    );
    longTaskRows(`  ${label}`, t.tasks, t.mainThread, t.stepCpuMs);
  }
  row(
    'Load average (1/5/15 min) at start / at end',
    `${loadStart.map((value) => value.toFixed(2)).join(' / ')} / ${loadAverage()} (${os.cpus().length} cores, shared)`,
  );

  const columns = ['figure', 'value', 'target', 'result'] as const;
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((entry) => entry[column].length)),
  );
  const line = (entry: Row) =>
    columns.map((column, position) => entry[column].padEnd(widths[position]!)).join(' | ');
  console.log(
    `\nTimeline in the browser: ${number(BROWSER_SHAPE.photos)} photos, Chromium ${VIEWPORT.width}x${VIEWPORT.height}, ${origin}`,
  );
  console.log(line({ figure: 'figure', value: 'value', target: 'target', result: 'result' }));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const entry of rows) console.log(line(entry));
  console.log(
    '\nLongest task: PerformanceObserver longtask, wall clock (includes time the thread waited for a core on a busy machine).' +
      '\nMain thread CPU: CDP Performance ThreadTime of the renderer main thread, per step (all its frames and tasks).',
  );
  for (const note of notes) console.log(`\nNote: ${note}`);
  for (const { run, t } of traversals) {
    const frames = t.tasks.longestFrames;
    if (frames.length === 0) continue;
    console.log(
      `\nLongest animation frames of ${run.label} (${t.mode}${t.direction === 'up' ? ', back up' : ''}), what they were made of:`,
    );
    for (const frame of frames) {
      console.log(
        `  ${ms(frame.durationMs)} (blocking ${ms(frame.blockingMs)}): render ${ms(frame.renderMs)}, of which style and layout ${ms(frame.styleLayoutMs)}`,
      );
      for (const script of frame.scripts) {
        console.log(
          `    script ${ms(script.durationMs)} ${script.invoker} ${script.source}${script.forcedLayoutMs ? ` (forced layout ${ms(script.forcedLayoutMs)})` : ''}`,
        );
      }
    }
  }
  for (const { label, file, lines } of traceReports) {
    console.log(`\nLong tasks of '${label}' (trace ${file}):`);
    for (const line of lines.slice(0, 200)) console.log(`  ${line}`);
  }
}

await main();
