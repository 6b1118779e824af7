import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/i18n.context';
import { enTranslator } from '../../test/fixtures';
import type { MonthBlock } from './timeline-layout';
import { TimelineScrubber } from './timeline-scrubber';

const block = (year: number, month: number, top: number): MonthBlock => ({
  key: `${year}-${month}`,
  year,
  month,
  count: 3,
  top,
  height: 100,
  tiles: 3,
  hiddenCount: 0,
});

describe('timeline scrubber', () => {
  it("labels photos without a date with words, not '?'", () => {
    const blocks = [block(2024, 5, 0), block(2008, 10, 100), block(0, 0, 200)];
    const { container } = render(
      <I18nProvider translator={enTranslator}>
        <TimelineScrubber
          layout={{ blocks, totalHeight: 300 } as never}
          current={blocks[2]}
          onJump={vi.fn()}
        />
      </I18nProvider>,
    );
    expect(screen.getByRole('slider', { name: 'Jump to a month' })).toHaveAttribute(
      'aria-valuetext',
      'Unknown Date',
    );
    const labels = [...container.querySelectorAll('.timeline__scrubber-year')].map(
      (label) => label.textContent,
    );
    expect(labels).toEqual(['2024', '2008', 'Unknown Date']);
    expect(container).not.toHaveTextContent('?');
  });
});
