import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_2_A_AND_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core finds no WCAG 2 A or AA violation on the page as it is now. `exclude` leaves out parts axe
 * cannot enter, such as a frame sandboxed without scripts (checked on their own).
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string } = {}): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_2_A_AND_AA);
  if (options.exclude) builder.exclude(options.exclude);
  const { violations } = await builder.analyze();
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
