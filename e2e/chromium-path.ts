import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Debian's Chromium first (what CI installs), then a browser Playwright downloaded, if any. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const system = candidates.find((candidate) => candidate && existsSync(candidate));
  if (system) return system;
  try {
    const bundled = chromium.executablePath();
    return existsSync(bundled) ? bundled : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For the end-to-end tests: Chromium's headless shell (Debian package chromium-headless-shell), what
 * Playwright itself runs for headless tests: the same Blink without the full browser around it, about a
 * fifth less CPU per test on these machines (decision 154). The full Chromium where it is missing.
 */
export function headlessShellPath(): string | undefined {
  const shell = [process.env.CHROMIUM_HEADLESS_SHELL_PATH, '/usr/lib/chromium/chromium-headless-shell'].find(
    (candidate) => candidate && existsSync(candidate),
  );
  return shell ?? chromiumPath();
}

/**
 * Flags for headless Chromium here: root needs --no-sandbox, and without the networking flags it
 * floods the closed network with update and sync requests.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
