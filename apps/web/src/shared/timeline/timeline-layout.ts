import type { TimelineEntry } from '@photo/contracts/photos';

/**
 * Geometry of a photo timeline, computed arithmetically: square tiles in rows, one block per month.
 * Nothing here depends on the number of photos, only on the number of months, so a 60,000-photo month
 * costs the same as a 6-photo one and no layout work ever runs per photo.
 */
export interface LayoutSettings {
  columns: number;
  tileSize: number;
  gap: number;
  headerHeight: number;
  /** Tiles a collapsed month shows before its '+N' tile takes the last place (docs/product/photos.md, limits.md: 24). */
  collapsedLimit: number;
}

export interface MonthBlock {
  key: string;
  year: number;
  month: number;
  count: number;
  /** Logical offset of the block's header from the top of the timeline. */
  top: number;
  height: number;
  /** Tiles drawn: photos plus, when collapsed and larger than the limit, the '+N' tile. */
  tiles: number;
  /** N of the '+N' tile, 0 when the month shows all its photos. */
  hiddenCount: number;
}

export interface TimelineLayout {
  blocks: MonthBlock[];
  totalHeight: number;
  rowHeight: number;
  settings: LayoutSettings;
}

export const monthKey = (year: number, month: number) => `${year}-${month}`;

export function computeLayout(
  months: readonly TimelineEntry[],
  settings: LayoutSettings,
  expanded: ReadonlySet<string>,
): TimelineLayout {
  const rowHeight = settings.tileSize + settings.gap;
  const blocks: MonthBlock[] = [];
  let top = 0;
  for (const entry of months) {
    const key = monthKey(entry.year, entry.month);
    const collapsed = !expanded.has(key) && entry.count > settings.collapsedLimit;
    const tiles = collapsed ? settings.collapsedLimit : entry.count;
    const rows = Math.ceil(tiles / settings.columns);
    const height = settings.headerHeight + rows * rowHeight;
    blocks.push({
      key,
      year: entry.year,
      month: entry.month,
      count: entry.count,
      top,
      height,
      tiles,
      hiddenCount: collapsed ? entry.count - (settings.collapsedLimit - 1) : 0,
    });
    top += height;
  }
  return { blocks, totalHeight: top, rowHeight, settings };
}

/** Index of the block that contains a logical offset (binary search over month tops). */
export function blockIndexAt(layout: TimelineLayout, offset: number): number {
  const { blocks } = layout;
  let low = 0;
  let high = blocks.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (blocks[middle]!.top <= offset) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

export interface VisibleMonth {
  block: MonthBlock;
  /** Tile indexes drawn for this month: [first, last), whole rows. */
  firstTile: number;
  lastTile: number;
}

/** The months and the rows of tiles that intersect [top, bottom) of the logical timeline. */
export function visibleMonths(layout: TimelineLayout, top: number, bottom: number): VisibleMonth[] {
  const visible: VisibleMonth[] = [];
  const { columns, headerHeight } = layout.settings;
  if (layout.blocks.length === 0) return visible;
  for (let index = blockIndexAt(layout, top); index < layout.blocks.length; index += 1) {
    const block = layout.blocks[index]!;
    if (block.top >= bottom) break;
    const gridTop = block.top + headerHeight;
    const firstRow = Math.max(0, Math.floor((top - gridTop) / layout.rowHeight));
    const lastRow = Math.ceil((bottom - gridTop) / layout.rowHeight);
    visible.push({
      block,
      firstTile: Math.min(block.tiles, firstRow * columns),
      lastTile: Math.max(0, Math.min(block.tiles, lastRow * columns)),
    });
  }
  return visible;
}

/** Logical offset of a tile's row. */
export function tileTop(layout: TimelineLayout, block: MonthBlock, tileIndex: number): number {
  return (
    block.top +
    layout.settings.headerHeight +
    Math.floor(tileIndex / layout.settings.columns) * layout.rowHeight
  );
}

/**
 * Browsers cap a scroll box near 16.7 million CSS px (Chrome at DPR 2 sooner), and a fully expanded
 * million-photo library is taller. Above a safe maximum the scroll box is compressed: its height is
 * capped and a scroll position maps to a logical offset proportionally, so every month stays
 * reachable. Below it (the usual case, with months collapsed to 24 tiles) the mapping is 1:1.
 */
export const MAX_SCROLL_HEIGHT = 8_000_000;

export interface ScrollSpace {
  scrollHeight: number;
  toLogical(scrollTop: number): number;
  toScroll(logicalTop: number): number;
}

export function scrollSpace(totalHeight: number, viewportHeight: number): ScrollSpace {
  if (totalHeight <= MAX_SCROLL_HEIGHT) {
    return { scrollHeight: totalHeight, toLogical: (value) => value, toScroll: (value) => value };
  }
  const ratio = (totalHeight - viewportHeight) / (MAX_SCROLL_HEIGHT - viewportHeight);
  return {
    scrollHeight: MAX_SCROLL_HEIGHT,
    toLogical: (value) => value * ratio,
    toScroll: (value) => value / ratio,
  };
}

/** Columns and tile size for a width: tiles near the target size, filling the row. */
export function fitColumns(
  width: number,
  targetTile: number,
  gap: number,
): { columns: number; tileSize: number } {
  const columns = Math.max(2, Math.round((width + gap) / (targetTile + gap)));
  return { columns, tileSize: Math.floor((width - gap * (columns - 1)) / columns) };
}
