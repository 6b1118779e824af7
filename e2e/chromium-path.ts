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
