import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

const WCAG_2_A_AND_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * What axe-core finds against WCAG 2 A and AA on the page as it is now. axe-core is put into the page
 * once per document and run there: AxeBuilder's default mode injects its 0.5 MB again and opens a
 * blank page to merge the results at every check, 0.9 s a check against 0.1 s, and the quality sweep
 * checks some thousand screens. Frames are not entered (the only one, a mail's HTML, is checked on
 * its own and left out with `exclude`).
 */
export async function axeViolations(page: Page, options: { exclude?: string } = {}): Promise<Result[]> {
  // A server-rendered page's heading is in the DOM before its stylesheet has loaded; checked then, its
  // buttons had the browser's own 21 px (target-size), which no customer sees: the stylesheet blocks
  // the first paint.
  await page.waitForLoadState('load');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    ([exclude, tags]) => {
      const { axe } = window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } };
      return axe.run(exclude ? { exclude: [exclude] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
        iframes: false,
      });
    },
    [options.exclude, WCAG_2_A_AND_AA] as const,
  );
  return results.violations;
}

/** axe-core finds no WCAG 2 A or AA violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string } = {}): Promise<void> {
  const violations = await axeViolations(page, options);
  expect(
    violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map(({ target }) => target.join(' ')),
    })),
  ).toEqual([]);
}

/** WCAG 1.4.10: at 320 CSS pixels wide the page reads without scrolling sideways. */
export async function expectReflowAt320(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  try {
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
        message: 'page width at a 320 px viewport',
      })
      .toBeLessThanOrEqual(320);
  } finally {
    if (viewport) await page.setViewportSize(viewport);
  }
}
