import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../i18n/i18n.context';
import { enTranslator } from '../../test/fixtures';
import { ToastProvider, ToastRegion, useToasts, type ToastInput } from './toasts';

function Raise({ toast }: { toast: ToastInput }) {
  const toasts = useToasts();
  return (
    <button type="button" onClick={() => toasts.show(toast)}>
      Raise
    </button>
  );
}

function renderToasts(toast: ToastInput) {
  return render(
    <I18nProvider translator={enTranslator}>
      <ToastProvider>
        <Raise toast={toast} />
        <ToastRegion />
      </ToastProvider>
    </I18nProvider>,
  );
}

const region = () => screen.getByRole('region', { name: 'Notifications' });

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const liveRegion = (politeness: 'polite' | 'assertive') =>
    region().querySelector<HTMLElement>(`[aria-live="${politeness}"]`)!;

  it('announce news in a polite live region that exists before the first toast', () => {
    renderToasts({ message: 'Preparing download…', durationMs: 5_000 });
    const live = liveRegion('polite');
    expect(live).toHaveTextContent(/^$/);
    fireEvent.click(screen.getByRole('button', { name: 'Raise' }));
    expect(live).toHaveTextContent('Preparing download…');
    expect(liveRegion('assertive')).toHaveTextContent(/^$/);
  });

  it('announce failures assertively', () => {
    renderToasts({ message: 'Download failed', durationMs: 5_000, tone: 'error' });
    fireEvent.click(screen.getByRole('button', { name: 'Raise' }));
    expect(liveRegion('assertive')).toHaveTextContent('Download failed');
    expect(liveRegion('polite')).toHaveTextContent(/^$/);
  });

  it("stay the spec's 10 s when they do not say", () => {
    renderToasts({ message: 'Holiday album deleted' });
    fireEvent.click(screen.getByRole('button', { name: 'Raise' }));
    act(() => {
      vi.advanceTimersByTime(9_900);
    });
    expect(region()).toHaveTextContent('Holiday album deleted');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(region()).not.toHaveTextContent('Holiday album deleted');
  });

  it('leave after their own duration', () => {
    renderToasts({ message: 'Download failed', durationMs: 10_000, tone: 'error' });
    fireEvent.click(screen.getByRole('button', { name: 'Raise' }));
    act(() => {
      vi.advanceTimersByTime(9_900);
    });
    expect(region()).toHaveTextContent('Download failed');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(region()).not.toHaveTextContent('Download failed');
  });

  it('wait while the pointer or the keyboard is on them', () => {
    renderToasts({ message: 'Downloading photos', durationMs: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Raise' }));
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    fireEvent.focus(screen.getByRole('button', { name: 'Dismiss' }));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(region()).toHaveTextContent('Downloading photos');
    fireEvent.blur(screen.getByRole('button', { name: 'Dismiss' }));
    act(() => {
      vi.advanceTimersByTime(1_100);
    });
    expect(region()).not.toHaveTextContent('Downloading photos');
  });
});

describe('a toast', () => {
  it('is dismissed from the keyboard', async () => {
    const user = userEvent.setup();
    renderToasts({ message: 'Download failed', durationMs: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Raise' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(region()).not.toHaveTextContent('Download failed');
  });
});

describe('a toast with a link', () => {
  it('is reached by keyboard, waits while the link has focus, and follows it in the app', () => {
    vi.useFakeTimers();
    const onSelect = vi.fn();
    renderToasts({
      message: '3 photos added to October 2008',
      action: { label: 'Show October 2008', href: '/my-photos/photos?month=2008-10', onSelect },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Raise' }));
    const link = screen.getByRole('link', { name: 'Show October 2008' });
    expect(link).toHaveAttribute('href', '/my-photos/photos?month=2008-10');
    fireEvent.focus(link);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(region()).toHaveTextContent('3 photos added to October 2008');
    fireEvent.click(link);
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(region()).not.toHaveTextContent('3 photos added to October 2008');
    vi.useRealTimers();
  });
});
