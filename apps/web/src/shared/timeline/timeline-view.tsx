import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import type { Photo } from '@photo/contracts/photos';
import { TIMELINE_SECTION_SIZE } from '@photo/contracts/photos';
import { useI18n } from '../i18n/i18n.context';
import { thumbnailSizeForScreen } from '../ui/screen';
import { monthTitle } from './month-title';
import { PhotoTile } from './photo-tile';
import {
  computeLayout,
  fitColumns,
  monthKey,
  scrollSpace,
  visibleMonths,
  type MonthBlock,
  type TimelineLayout,
} from './timeline-layout';
import { TimelineScrubber } from './timeline-scrubber';
import type { TimelineStore } from './timeline-store';
import { useTimelineStore } from './use-timeline-store';
import { startThumbnails } from './use-thumbnail';
import './timeline.css';

const GAP = 4;
const HEADER_HEIGHT = 56;

export interface TimelineViewProps {
  store: TimelineStore;
  selecting: boolean;
  onOpen: (photo: Photo) => void;
  label: string;
  /** Opens at this month once it is in the index (a link to a month); told when it got there. */
  startMonth?: { year: number; month: number } | undefined;
  onStartMonthShown?: () => void;
}

/**
 * The element's size, 0 x 0 until it is measured. Measured as soon as it is in the page, and applied
 * as a transition: set outside one, the grid it sizes rendered inside the first render's task, with
 * every effect of the page before it (issue 23: the photos page's longest task).
 */
function useElementSize(ref: RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const next = { width: element.clientWidth, height: element.clientHeight };
      startTransition(() =>
        setSize((current) =>
          current.width === next.width && current.height === next.height ? current : next,
        ),
      );
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * The photo grid of a timeline source. Only tiles near the viewport exist (a constant-size DOM), the
 * geometry is arithmetic (no per-photo layout), months load as they come near, and the scroll box
 * is compressed above the browser's height cap so every month stays reachable. Memoised: the page
 * around it re-renders for its counts and status, which change nothing in the grid.
 */
export const TimelineView = memo(function TimelineView({
  store,
  selecting,
  onOpen,
  label,
  startMonth,
  onStartMonthShown,
}: TimelineViewProps) {
  useTimelineStore(store);
  useEffect(startThumbnails, []);
  const i18n = useI18n();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(scrollerRef);
  // Nothing is drawn (or asked for) before the grid knows its size.
  const measured = width > 0 && height > 0;
  const [scrollTop, setScrollTop] = useState(0);
  const frame = useRef(0);
  /** The month a link asked for, until its heading is drawn and shown. */
  const monthToReveal = useRef<string | null>(null);

  const { columns, tileSize } = fitColumns(Math.max(width, 200), width >= 700 ? 180 : 110, GAP);
  const settings = {
    columns,
    tileSize,
    gap: GAP,
    headerHeight: HEADER_HEIGHT,
    collapsedLimit: TIMELINE_SECTION_SIZE,
  };
  const layout: TimelineLayout = useMemo(
    () => computeLayout(store.months, settings, store.expanded),
    // The store's arrays are replaced on every change, so identity is the right dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store.months, store.expanded, columns, tileSize],
  );
  const space = useMemo(() => scrollSpace(layout.totalHeight, height), [layout.totalHeight, height]);
  const logicalTop = space.toLogical(scrollTop);
  // In a compressed scroll box items are placed relative to the current position; 1:1 gives 0 shift.
  const shift = scrollTop - logicalTop;
  const overscan = height;
  const visible = measured
    ? visibleMonths(layout, logicalTop - overscan, logicalTop + height + overscan)
    : [];

  // What is drawn (the viewport and one viewport either side) and a section beyond: loaded, and kept
  // while the store drops pages far from it (decision 156).
  useEffect(() => {
    if (!measured) return;
    void store.show(
      visible.map(({ block, firstTile, lastTile }) =>
        block.hiddenCount > 0
          ? { year: block.year, month: block.month, first: 0, last: TIMELINE_SECTION_SIZE }
          : {
              year: block.year,
              month: block.month,
              first: firstTile,
              last: Math.min(block.count, Math.max(lastTile, 1) + TIMELINE_SECTION_SIZE),
            },
      ),
    );
  });

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !measured || layout.blocks.length === 0) return;
    const saved = store.takeSavedScroll();
    if (!saved) return;
    const [left, top] = saved;
    scroller.scrollTo({ left, top });
    // Rendered at the restored position before paint, not one scroll event later.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setScrollTop(top);
  }, [measured, store, layout.blocks.length]);

  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(scrollerRef.current?.scrollTop ?? 0));
  }, []);

  const activate = useCallback(
    (photo: Photo) => {
      if (selecting) {
        store.toggleSelected(photo.imageId);
        return;
      }
      const scroller = scrollerRef.current;
      if (scroller) store.saveScroll([scroller.scrollLeft, scroller.scrollTop]);
      onOpen(photo);
    },
    [selecting, store, onOpen],
  );

  const jumpTo = useCallback(
    (block: MonthBlock) => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      const top = space.toScroll(block.top);
      scroller.scrollTo({ top });
      setScrollTop(top);
    },
    [space],
  );

  useLayoutEffect(() => {
    if (!startMonth || !measured) return;
    const block = layout.blocks.find(
      (candidate) => candidate.key === monthKey(startMonth.year, startMonth.month),
    );
    if (!block && store.indexStatus !== 'fulfilled') return;
    if (block) {
      // A link to a month (decision 145) lands on it before paint, as a restored scroll position does.
      jumpTo(block);
      monthToReveal.current = block.key;
    }
    onStartMonthShown?.();
  }, [startMonth, measured, layout, store.indexStatus, jumpTo, onStartMonthShown]);

  // A short library fits its scroller, and then the page around it is what must move: once the month
  // of a link is drawn (the render after the jump, not a frame later), the timeline comes into the
  // window as far as it fits, with the month's heading in it.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!monthToReveal.current || !scroller) return;
    const heading = scroller.querySelector(`[data-month="${monthToReveal.current}"]`);
    if (!heading) return;
    monthToReveal.current = null;
    scroller.scrollIntoView?.({ block: 'nearest' });
    heading.scrollIntoView?.({ block: 'nearest' });
  });

  const thumbnailSize = thumbnailSizeForScreen();
  const currentBlock = visibleMonths(layout, logicalTop, logicalTop + 1)[0]?.block;

  return (
    <div className="timeline">
      <div
        ref={scrollerRef}
        className="timeline__scroller"
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        <div className="timeline__space" style={{ height: space.scrollHeight }}>
          {visible.map(({ block, firstTile, lastTile }) => (
            <MonthSection
              key={block.key}
              block={block}
              layout={layout}
              firstTile={firstTile}
              lastTile={lastTile}
              shift={shift}
              store={store}
              selecting={selecting}
              thumbnailSize={thumbnailSize}
              onActivate={activate}
              title={monthTitle(i18n, block.year, block.month)}
            />
          ))}
        </div>
      </div>
      {layout.blocks.length > 1 && (
        <TimelineScrubber layout={layout} current={currentBlock} onJump={jumpTo} />
      )}
    </div>
  );
});

interface MonthSectionProps {
  block: MonthBlock;
  layout: TimelineLayout;
  firstTile: number;
  lastTile: number;
  shift: number;
  store: TimelineStore;
  selecting: boolean;
  thumbnailSize: 300 | 800;
  onActivate: (photo: Photo) => void;
  title: string;
}

function MonthSection(props: MonthSectionProps) {
  const { block, layout, firstTile, lastTile, shift, store, selecting, thumbnailSize, onActivate, title } =
    props;
  const i18n = useI18n();
  const data = store.month(block.key);
  const { columns, tileSize, gap, headerHeight } = layout.settings;
  const gridTop = block.top + headerHeight + shift;
  // Ids, not photos: a page far from the viewport may be dropped, its ids stay (decision 156).
  const photosShown = Math.min(data.ids.length, block.hiddenCount > 0 ? block.tiles - 1 : block.tiles);
  // Every photo shown is selected. A loop, not slice().every(): this runs on every scroll frame, and a
  // copy of a 60,000-photo month per frame is megabytes of garbage.
  let allSelected = photosShown > 0;
  for (let index = 0; allSelected && index < photosShown; index += 1) {
    allSelected = store.selection.has(data.ids[index]!);
  }

  const toggleMonth = async () => {
    const ids = await store.loadMonthIds(block.year, block.month);
    store.setSelected(ids, !allSelected);
  };

  const tiles = [];
  for (let index = firstTile; index < lastTile; index += 1) {
    const x = (index % columns) * (tileSize + gap);
    const y = gridTop + Math.floor(index / columns) * (tileSize + gap);
    if (block.hiddenCount > 0 && index === block.tiles - 1) {
      tiles.push(
        <button
          key="more"
          type="button"
          className="timeline__tile timeline__tile--more"
          style={{ transform: `translate(${x}px, ${y}px)`, width: tileSize, height: tileSize }}
          aria-label={i18n.t('timeline.showMore', { count: block.hiddenCount, month: title })}
          onClick={() => store.expand(block.year, block.month)}
        >
          +{i18n.formatNumber(block.hiddenCount)}
        </button>,
      );
      continue;
    }
    const photo = data.photos[index];
    tiles.push(
      <PhotoTile
        key={data.ids[index] ?? `slot-${index}`}
        photo={photo}
        x={x}
        y={y}
        size={tileSize}
        thumbnailSize={thumbnailSize}
        selecting={selecting}
        selected={photo ? store.selection.has(photo.imageId) : false}
        onActivate={onActivate}
      />,
    );
  }

  return (
    <section className="timeline__month" aria-label={title}>
      <div className="timeline__month-header" style={{ transform: `translateY(${block.top + shift}px)` }}>
        <h2 className="timeline__month-title" data-month={block.key}>
          {title}
          <span className="timeline__month-count">
            {i18n.t('timeline.photoCount', { count: block.count })}
          </span>
        </h2>
        {selecting && (
          <button
            type="button"
            className="timeline__month-select"
            aria-pressed={allSelected}
            onClick={() => void toggleMonth()}
          >
            {allSelected ? i18n.t('timeline.deselectMonth') : i18n.t('timeline.selectMonth')}
          </button>
        )}
        {data.status === 'rejected' && (
          <span className="timeline__month-error" role="alert">
            {i18n.t('timeline.monthLoadError')}{' '}
            <button type="button" onClick={() => store.retryMonth(block.year, block.month)}>
              {i18n.t('timeline.retry')}
            </button>
          </span>
        )}
      </div>
      {tiles}
    </section>
  );
}
