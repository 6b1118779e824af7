import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { ASYNC_TIMEOUT_MS } from './async-timeout';

// A console error or warning (React's act warnings, failed prop types, router warnings) means
// something is wrong even when every assertion passed: it fails the test that caused it.
let consoleProblems: string[] = [];

// Pages load as lazy chunks; the first import of a big page is transformed on the spot, which on a
// busy two-core machine can take longer than the default second.
configure({ asyncUtilTimeout: ASYNC_TIMEOUT_MS });

// Tests of code that runs off the page (a worker's half) choose the Node environment: no DOM there.
const hasDom = typeof window !== 'undefined';

// jsdom has no layout: no scrolling (the router's scroll restoration would only print warnings) and
// no resize observation (components that measure themselves simply never hear of a size).
if (hasDom) {
  window.scrollTo = () => undefined;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

beforeEach(() => {
  consoleProblems = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      consoleProblems.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  if (hasDom) {
    cleanup();
    // One document serves every test of a file: a title left behind must not pass for the next page's.
    document.title = '';
    localStorage.clear();
    sessionStorage.clear();
  }
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (consoleProblems.length > 0) {
    throw new Error(`The test wrote to the console:\n${consoleProblems.join('\n')}`);
  }
});
