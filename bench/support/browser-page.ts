/**
 * What the timeline browser bench reads inside the page. Every function here runs in Chromium (passed
 * to `page.evaluate` / `page.waitForFunction`), so each one is self-contained: no imports, no closures.
 */

/**
 * A long animation frame (Chromium's LoAF entry, 50 ms or more), reduced to what tells its cause:
 * script (with the longest scripts), style and layout, and the rest of rendering.
 */
export interface LongFrame {
  start: number;
  durationMs: number;
  blockingMs: number;
  /** From the start of style and layout to the end of the frame. */
  styleLayoutMs: number;
  /** From the start of rendering (rAF callbacks, style, layout, paint) to the end of the frame. */
  renderMs: number;
  scripts: Array<{ durationMs: number; invoker: string; source: string; forcedLayoutMs: number }>;
}

/** Installed before the app's scripts: every long task (>= 50 ms) and long frame since the page started. */
export function installLongTaskCollector(): void {
  const bench = { longTasks: [] as Array<[number, number]>, longFrames: [] as LongFrame[] };
  (window as unknown as { __bench: typeof bench }).__bench = bench;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // No long task API: the bench reports it has no figures.
  }
  interface LoafScript {
    duration: number;
    invoker: string;
    sourceURL: string;
    sourceFunctionName: string;
    sourceCharPosition: number;
    forcedStyleAndLayoutDuration: number;
  }
  interface Loaf {
    startTime: number;
    duration: number;
    blockingDuration: number;
    renderStart: number;
    styleAndLayoutStart: number;
    scripts: LoafScript[];
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Loaf[]) {
        const end = entry.startTime + entry.duration;
        bench.longFrames.push({
          start: entry.startTime,
          durationMs: entry.duration,
          blockingMs: entry.blockingDuration,
          styleLayoutMs: entry.styleAndLayoutStart ? end - entry.styleAndLayoutStart : 0,
          renderMs: entry.renderStart ? end - entry.renderStart : 0,
          scripts: [...entry.scripts]
            .sort((a, b) => b.duration - a.duration)
            .slice(0, 3)
            .map((script) => ({
              durationMs: script.duration,
              invoker: script.invoker,
              source: `${script.sourceFunctionName || '?'} ${script.sourceURL.split('/').pop() ?? ''}:${script.sourceCharPosition}`,
              forcedLayoutMs: script.forcedStyleAndLayoutDuration,
            })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No long animation frame API: no breakdown.
  }
}

export interface LongTaskWindow {
  count: number;
  maxMs: number;
  totalMs: number;
  /** The longest animation frames of the window, longest first. */
  longestFrames: LongFrame[];
}

/** Long tasks that started in [from, to), after two frames so the observer has delivered them. */
export async function longTasksBetween([from, to]: [number, number]): Promise<LongTaskWindow> {
  await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  await new Promise<void>((resolve) => setTimeout(resolve, 50));
  const bench = (
    window as unknown as { __bench: { longTasks: Array<[number, number]>; longFrames: LongFrame[] } }
  ).__bench;
  const inside = bench.longTasks.filter(([start]) => start >= from && start < to);
  return {
    count: inside.length,
    maxMs: inside.reduce((max, [, duration]) => Math.max(max, duration), 0),
    totalMs: inside.reduce((sum, [, duration]) => sum + duration, 0),
    longestFrames: bench.longFrames
      .filter((frame) => frame.start >= from && frame.start < to)
      .sort((a, b) => b.durationMs - a.durationMs)
      .slice(0, 5),
  };
}

/** Keeps the main thread busy for `ms` in one task: the bench's check that long tasks are seen. */
export function busyFor(ms: number): number {
  const until = performance.now() + ms;
  let spins = 0;
  while (performance.now() < until) spins += 1;
  return spins;
}

export interface TimelineState {
  now: number;
  valueNow: number;
  valueMax: number;
  valueText: string;
  /** `data-month` of the header whose title is the slider's value text, when it exists. */
  headerKey: string | null;
  /** That header intersects the scroll container's box. */
  headerInView: boolean;
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  /** `.timeline__tile` elements in the whole page. */
  tiles: number;
  /** Tiles inside the scroll container's box that are still placeholders (their section not loaded). */
  loadingInView: number;
  /** Photo tiles inside the box. */
  photosInView: number;
}

/** The slider, the header it names and the tiles, as a person would see them now. */
export function readTimeline({ region, slider }: { region: string; slider: string }): TimelineState {
  const scroller = [...document.querySelectorAll<HTMLElement>('[role=region]')].find(
    (element) => element.getAttribute('aria-label') === region,
  );
  const rail = [...document.querySelectorAll<HTMLElement>('[role=slider]')].find(
    (element) => element.getAttribute('aria-label') === slider,
  );
  if (!scroller || !rail) throw new Error('no timeline on the page');
  const box = scroller.getBoundingClientRect();
  const inView = (element: Element) => {
    const rect = element.getBoundingClientRect();
    return rect.bottom > box.top && rect.top < box.bottom && rect.height > 0;
  };
  const valueText = rail.getAttribute('aria-valuetext') ?? '';
  const header = [...scroller.querySelectorAll<HTMLElement>('h2[data-month]')].find(
    (element) => element.firstChild?.textContent === valueText,
  );
  let loadingInView = 0;
  let photosInView = 0;
  const tiles = document.querySelectorAll('.timeline__tile');
  for (const tile of tiles) {
    if (!inView(tile)) continue;
    if (tile.classList.contains('timeline__tile--loading')) loadingInView += 1;
    else if (!tile.classList.contains('timeline__tile--more')) photosInView += 1;
  }
  return {
    now: performance.now(),
    valueNow: Number(rail.getAttribute('aria-valuenow')),
    valueMax: Number(rail.getAttribute('aria-valuemax')),
    valueText,
    headerKey: header?.dataset.month ?? null,
    headerInView: header ? inView(header) : false,
    scrollTop: scroller.scrollTop,
    scrollHeight: scroller.scrollHeight,
    clientHeight: scroller.clientHeight,
    tiles: tiles.length,
    loadingInView,
    photosInView,
  };
}

/** A condition on `readTimeline`'s state; every field given must hold. */
export interface TimelineCondition {
  valueNow?: number;
  valueNowNot?: number;
  atMax?: boolean;
  hasMonths?: boolean;
  headerInView?: boolean;
  noPlaceholders?: boolean;
}

/**
 * Checks the condition every animation frame until it holds (true) or `timeout` ms pass (false). The
 * page's Content-Security-Policy forbids eval, so Playwright's `waitForFunction` with a string cannot run.
 */
export async function waitUntil({
  names,
  condition,
  timeout,
}: {
  names: { region: string; slider: string };
  condition: TimelineCondition;
  timeout: number;
}): Promise<boolean> {
  const read = (window as unknown as { __benchFns: { readTimeline: typeof readTimeline } }).__benchFns
    .readTimeline;
  const deadline = performance.now() + timeout;
  for (;;) {
    const state = read(names);
    const holds =
      (condition.valueNow === undefined || state.valueNow === condition.valueNow) &&
      (condition.valueNowNot === undefined || state.valueNow !== condition.valueNowNot) &&
      (!condition.atMax || state.valueNow === state.valueMax) &&
      (!condition.hasMonths || state.valueMax > 0) &&
      (!condition.headerInView || state.headerInView) &&
      (!condition.noPlaceholders || state.loadingInView === 0);
    if (holds) return true;
    if (performance.now() > deadline) return false;
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  }
}

/** Resolves after `count` animation frames and a task: React has rendered what the scroll asked for. */
export async function frames(count: number): Promise<number> {
  for (let frame = 0; frame < count; frame += 1) {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  }
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  return performance.now();
}

/** Moves the scroll container by `delta` px (clamped by the browser); returns the new scrollTop. */
export function scrollBy({ region, delta }: { region: string; delta: number }): number {
  const scroller = [...document.querySelectorAll<HTMLElement>('[role=region]')].find(
    (element) => element.getAttribute('aria-label') === region,
  )!;
  scroller.scrollTop += delta;
  return scroller.scrollTop;
}

/** Where a month's header is relative to the scroll container: above, inside, below or not rendered. */
export function headerPosition({
  region,
  key,
}: {
  region: string;
  key: string;
}): 'above' | 'inside' | 'below' | 'absent' {
  const scroller = [...document.querySelectorAll<HTMLElement>('[role=region]')].find(
    (element) => element.getAttribute('aria-label') === region,
  )!;
  const header = scroller.querySelector(`h2[data-month="${key}"]`);
  if (!header) return 'absent';
  const box = scroller.getBoundingClientRect();
  const rect = header.getBoundingClientRect();
  if (rect.bottom <= box.top) return 'above';
  if (rect.top >= box.bottom) return 'below';
  return 'inside';
}

/** The functions above, for `page.addInitScript`: the collector runs, the rest wait on `window.__benchFns`. */
export function initScript(): string {
  // tsx (esbuild, keepNames) wraps named inner functions in `__name(...)`, which exists only in Node.
  return `(() => {
    const __name = (f) => f;
    window.__benchFns = {
      readTimeline: ${readTimeline.toString()},
      frames: ${frames.toString()},
      scrollBy: ${scrollBy.toString()},
      headerPosition: ${headerPosition.toString()},
      longTasksBetween: ${longTasksBetween.toString()},
      busyFor: ${busyFor.toString()},
      waitUntil: ${waitUntil.toString()},
    };
    (${installLongTaskCollector.toString()})();
  })();`;
}
