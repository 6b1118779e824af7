import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enTranslator } from '../../test/fixtures';
import { I18nProvider } from '../i18n/i18n.context';
import { fakeSource, sortByDateTaken } from '../photo-library/preview/preview.fixtures';
import { TimelineStore } from './timeline-store';
import { TimelineView } from './timeline-view';

describe('the timeline grid over a store that drops far pages (decision 156)', () => {
  beforeEach(() => {
    // jsdom lays nothing out: a scroller of 1000 x 600 px, so the grid draws its first rows.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  });
  afterEach(() => vi.restoreAllMocks());

  it('selects a whole month, dropped pages included, and then shows it as selected', async () => {
    const user = userEvent.setup();
    const store = new TimelineStore(fakeSource([{ year: 2024, month: 5, count: 1200 }]), sortByDateTaken, {
      maxLoadedPhotos: 96,
    });
    await store.loadIndex();
    store.expand(2024, 5);
    render(
      <I18nProvider translator={enTranslator}>
        <TimelineView store={store} selecting onOpen={() => {}} label="Your photos by month" />
      </I18nProvider>,
    );
    await screen.findByRole('button', { name: /^Select 2024-5-0\.jpg/ });
    await user.click(screen.getByRole('button', { name: 'Select month' }));
    await waitFor(() => expect(store.selection.size).toBe(1200));
    expect(screen.getByRole('button', { name: 'Deselect month' })).toHaveAttribute('aria-pressed', 'true');
    // The month was read whole for its ids; what the grid does not show was let go again.
    expect(store.month('2024-5').photos.filter(Boolean).length).toBeLessThanOrEqual(96);
    expect(screen.getByRole('button', { name: /^Select 2024-5-0\.jpg/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Deselect month' }));
    expect(store.selection.size).toBe(0);
  });
});
