import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../../shared/i18n/i18n.context';
import { enTranslator } from '../../test/fixtures';
import { WelcomeBanner } from './welcome-banner';

const renderBanner = () =>
  render(
    <I18nProvider translator={enTranslator}>
      <WelcomeBanner />
    </I18nProvider>,
  );

afterEach(() => localStorage.clear());

describe('the welcome banner', () => {
  it('stays closed once the customer closed it, on the next visit too', async () => {
    const { unmount } = renderBanner();
    const title = 'Welcome to a new way to manage your photos';
    expect(screen.getByRole('heading', { name: title })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Close the welcome message' }));
    expect(screen.queryByRole('heading', { name: title })).toBeNull();

    unmount();
    renderBanner();
    expect(screen.queryByRole('heading', { name: title })).toBeNull();
  });

  it('shows and hides its text', async () => {
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });
});
