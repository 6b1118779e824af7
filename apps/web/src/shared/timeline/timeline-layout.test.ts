import { describe, expect, it } from 'vitest';
import {
  computeLayout,
  MAX_SCROLL_HEIGHT,
  monthKey,
  scrollSpace,
  tileTop,
  visibleMonths,
  type LayoutSettings,
} from './timeline-layout';

const settings: LayoutSettings = { columns: 4, tileSize: 100, gap: 10, headerHeight: 50, collapsedLimit: 24 };

describe('timeline layout', () => {
  it('collapses a large month to 24 tiles whose last one is +N, and expands it on request', () => {
    const months = [{ year: 2024, month: 5, count: 60_000 }];
    const collapsed = computeLayout(months, settings, new Set());
    expect(collapsed.blocks[0]).toMatchObject({ tiles: 24, hiddenCount: 60_000 - 23, height: 50 + 6 * 110 });
    const expanded = computeLayout(months, settings, new Set([monthKey(2024, 5)]));
    expect(expanded.blocks[0]).toMatchObject({ tiles: 60_000, hiddenCount: 0, height: 50 + 15_000 * 110 });
  });

  it('stacks months and finds only the rows in view', () => {
    const layout = computeLayout(
      [
        { year: 2024, month: 5, count: 10 },
        { year: 2024, month: 4, count: 3 },
        { year: 0, month: 0, count: 2 },
      ],
      settings,
      new Set(),
    );
    expect(layout.blocks.map((block) => block.top)).toEqual([0, 380, 540]);
    expect(layout.totalHeight).toBe(700);
    const inView = visibleMonths(layout, 170, 400);
    expect(inView.map((month) => [month.block.key, month.firstTile, month.lastTile])).toEqual([
      ['2024-5', 4, 10],
      ['2024-4', 0, 0],
    ]);
    expect(tileTop(layout, layout.blocks[0]!, 9)).toBe(50 + 2 * 110);
  });

  it('keeps a million-photo timeline inside the browser scroll cap, reaching both ends', () => {
    const months = Array.from({ length: 300 }, (_, i) => ({
      year: 2000 + Math.floor(i / 12),
      month: (i % 12) + 1,
      count: 3_334,
    }));
    const expanded = new Set(months.map((month) => monthKey(month.year, month.month)));
    const layout = computeLayout(months, settings, expanded);
    expect(layout.totalHeight).toBeGreaterThan(16_700_000);
    const space = scrollSpace(layout.totalHeight, 800);
    expect(space.scrollHeight).toBe(MAX_SCROLL_HEIGHT);
    expect(space.toLogical(MAX_SCROLL_HEIGHT - 800)).toBeCloseTo(layout.totalHeight - 800);
    const last = layout.blocks.at(-1)!;
    expect(space.toScroll(last.top)).toBeLessThan(MAX_SCROLL_HEIGHT);
  });

  it('maps scroll positions one to one below the cap', () => {
    const space = scrollSpace(5_000, 800);
    expect(space.scrollHeight).toBe(5_000);
    expect(space.toLogical(1234)).toBe(1234);
  });
});
