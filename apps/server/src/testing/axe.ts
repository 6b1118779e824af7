import axe from 'axe-core';
import { JSDOM } from 'jsdom';

/**
 * Runs axe-core over server-rendered HTML in jsdom: structure, names, labels, language, landmarks.
 * jsdom loads no stylesheet and computes no layout, so contrast is left to the browser suite.
 * `wcagOnly` keeps to the WCAG rules (for a mail, which a mail client's page surrounds).
 */
export async function accessibilityViolations(html: string, options: { wcagOnly?: boolean } = {}) {
  const dom = new JSDOM(html, { runScripts: 'outside-only', pretendToBeVisual: true });
  dom.window.eval(axe.source);
  const runner = (dom.window as unknown as { axe: typeof axe }).axe;
  const results = await runner.run(dom.window.document, {
    ...(options.wcagOnly
      ? { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } }
      : {}),
    rules: { 'color-contrast': { enabled: false } },
  });
  dom.window.close();
  return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
}
