import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useI18n } from '../i18n/i18n.context';
import { monthTitle } from './month-title';
import type { MonthBlock, TimelineLayout } from './timeline-layout';

export interface TimelineScrubberProps {
  layout: TimelineLayout;
  current: MonthBlock | undefined;
  onJump: (block: MonthBlock) => void;
}

/**
 * A year/month rail beside the grid that jumps anywhere: drag or click on it, or use it as a slider
 * by keyboard (arrows: a month; Page Up/Down: a year; Home/End: newest/oldest), so every month of a
 * 25-year library is two keystrokes from anywhere.
 */
export function TimelineScrubber({ layout, current, onJump }: TimelineScrubberProps) {
  const i18n = useI18n();
  const rail = useRef<HTMLDivElement>(null);
  const { blocks, totalHeight } = layout;
  const index = Math.max(
    0,
    blocks.findIndex((block) => block.key === current?.key),
  );

  const jumpToIndex = (next: number) => {
    const block = blocks[Math.min(blocks.length - 1, Math.max(0, next))];
    if (block) onJump(block);
  };

  const yearStartOf = (position: number) =>
    blocks.findIndex((block) => block.year === blocks[position]?.year);
  const nextYearStart = () => {
    const next = blocks.findIndex(
      (block, position) => position > index && block.year !== blocks[index]?.year,
    );
    return next === -1 ? blocks.length - 1 : next;
  };
  const previousYearStart = () => {
    const start = yearStartOf(index);
    return start < index ? start : yearStartOf(index - 1);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => number> = {
      ArrowDown: () => index + 1,
      ArrowRight: () => index + 1,
      ArrowUp: () => index - 1,
      ArrowLeft: () => index - 1,
      PageDown: nextYearStart,
      PageUp: previousYearStart,
      Home: () => 0,
      End: () => blocks.length - 1,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    jumpToIndex(move());
  };

  const pointTo = (event: PointerEvent) => {
    const box = rail.current?.getBoundingClientRect();
    if (!box || box.height === 0) return;
    const offset = ((event.clientY - box.top) / box.height) * totalHeight;
    let target = 0;
    for (let position = 0; position < blocks.length; position += 1) {
      if (blocks[position]!.top <= offset) target = position;
      else break;
    }
    jumpToIndex(target);
  };

  const years: MonthBlock[] = blocks.filter((block, position) => block.year !== blocks[position - 1]?.year);
  const currentTitle = current ? monthTitle(i18n, current.year, current.month) : '';

  return (
    <div
      ref={rail}
      className="timeline__scrubber"
      role="slider"
      tabIndex={0}
      aria-label={i18n.t('timeline.scrubber')}
      aria-orientation="vertical"
      aria-valuemin={0}
      aria-valuemax={blocks.length - 1}
      aria-valuenow={index}
      aria-valuetext={currentTitle}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        pointTo(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) pointTo(event);
      }}
    >
      {years.map((block) => (
        <span
          key={block.key}
          className={`timeline__scrubber-year${block.year === 0 ? ' timeline__scrubber-year--no-date' : ''}`}
          style={{ top: `${(block.top / Math.max(1, totalHeight)) * 100}%` }}
          aria-hidden="true"
        >
          {block.year === 0 ? i18n.t('timeline.unknownDate') : block.year}
        </span>
      ))}
      {current && (
        <span
          className="timeline__scrubber-thumb"
          style={{ top: `${(current.top / Math.max(1, totalHeight)) * 100}%` }}
          aria-hidden="true"
        >
          {currentTitle}
        </span>
      )}
    </div>
  );
}
