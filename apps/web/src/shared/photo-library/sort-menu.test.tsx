import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/i18n.context';
import { enTranslator } from '../../test/fixtures';
import type { TimelineSort } from '../timeline/timeline-store';
import { SortMenu } from './sort-menu';

function Sorted({ onChange }: { onChange: (sort: TimelineSort) => void }) {
  const [sort, setSort] = useState<TimelineSort>({ sortKey: 'dateTaken', sortOrder: 'desc' });
  return (
    <I18nProvider translator={enTranslator}>
      <SortMenu
        sort={sort}
        onChange={(next) => {
          setSort(next);
          onChange(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </I18nProvider>
  );
}

describe('the sort menu', () => {
  it('opens on the chosen order, moves by arrows, closes on Escape and gives the focus back', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Sorted onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Sort by: Date taken, newest first' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.tab();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Sort by' })).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'Date taken, newest first' })).toHaveFocus();
    expect(screen.getByRole('menuitemradio', { name: 'Date taken, newest first' })).toBeChecked();

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Date taken, oldest first' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'Upload date, oldest first' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('chooses an order by Enter or by a tap, and closes on a tap elsewhere', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Sorted onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /^Sort by/ }));
    await user.keyboard('{End}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ sortKey: 'created', sortOrder: 'asc' });
    expect(screen.getByRole('button', { name: 'Sort by: Upload date, oldest first' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: /^Sort by/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Date taken, oldest first' }));
    expect(onChange).toHaveBeenLastCalledWith({ sortKey: 'dateTaken', sortOrder: 'asc' });

    await user.click(screen.getByRole('button', { name: /^Sort by/ }));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
