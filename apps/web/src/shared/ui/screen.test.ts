import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMobileScreen, thumbnailSizeForScreen } from './screen';

/** A browser window this many px wide, as its media queries answer. */
function stubWidth(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const min = /min-width: (\d+)px/.exec(query);
      const max = /max-width: (\d+)px/.exec(query);
      return {
        media: query,
        matches: (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])),
      };
    }),
  );
}

describe('the screen sizes of docs/product/limits.md', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for 800 px thumbnails from 1280 px wide, 300 px below', () => {
    stubWidth(1280);
    expect(thumbnailSizeForScreen()).toBe(800);
    stubWidth(1279);
    expect(thumbnailSizeForScreen()).toBe(300);
    stubWidth(390);
    expect(thumbnailSizeForScreen()).toBe(300);
  });

  it('takes screens up to 575 px wide as mobile', () => {
    stubWidth(575);
    expect(isMobileScreen()).toBe(true);
    stubWidth(576);
    expect(isMobileScreen()).toBe(false);
  });

  it('answers the small screen’s sizes where the browser has no media queries', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(thumbnailSizeForScreen()).toBe(300);
    expect(isMobileScreen()).toBe(false);
  });
});
