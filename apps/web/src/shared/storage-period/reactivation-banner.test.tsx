import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { photosApi, type UserPhotoInfo } from '@photo/contracts/photos';
import { storageApi, type AccountInformation } from '@photo/contracts/storage-period';
import nl from '../../../locales/nl.json';
import { ApiError } from '../api/api-error';
import { createQueryClient } from '../api/query-client';
import { createTranslator } from '../i18n/translator';
import {
  AppProviders,
  allFlagsOn,
  enTranslator,
  polyfillDialog,
  testConfig,
  testEnvironment,
} from '../../test/fixtures';
import { REACTIVATION_MODAL_SHOWN_KEY, ReactivationBanner } from './reactivation-banner';
import { StorageStatus } from './storage-status';

beforeAll(polyfillDialog);
afterEach(() => sessionStorage.clear());

const information = (overrides: Partial<AccountInformation>): AccountInformation => ({
  lastOrderDate: null,
  projectCount: 0,
  projectedDeletionDate: '2026-12-01T10:00:00Z',
  registrationDate: '2025-06-01T10:00:00Z',
  daysRemaining: 200,
  monthsRemaining: 6,
  status: 'safe',
  ...overrides,
});

function renderBanner(
  info: AccountInformation,
  options: {
    flag?: boolean;
    translator?: typeof enTranslator;
    status?: boolean;
    library?: Partial<UserPhotoInfo>;
    /** The storage service's answer, when it is not `info` at once. */
    answer?: () => Promise<AccountInformation>;
  } = {},
) {
  const library: UserPhotoInfo = { photosCount: 11, albumsCount: 2, status: 'ACTIVE', ...options.library };
  const request = vi.fn(async (endpoint: unknown) => {
    if (endpoint === storageApi.accountInformation) return options.answer ? options.answer() : info;
    if (endpoint === photosApi.userInfo) return library;
    throw new Error('unexpected call');
  });
  const router = createMemoryRouter([
    { path: '*', element: options.status ? <StorageStatus /> : <ReactivationBanner /> },
  ]);
  const view = render(
    <AppProviders
      environment={testEnvironment(request, {
        flags: { ...allFlagsOn, PhotoManagementReactivationEnabled: options.flag ?? true },
      })}
      queryClient={createQueryClient()}
      translator={options.translator ?? enTranslator}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, request };
}

describe('the reactivation banner', () => {
  it.each([
    [{ status: 'safe', monthsRemaining: 17, daysRemaining: 520 }, '17 months storage remaining.'],
    [{ status: 'warning', monthsRemaining: 1, daysRemaining: 45 }, '1 month storage remaining.'],
    [{ status: 'critical', monthsRemaining: 0, daysRemaining: 29 }, '29 days storage remaining.'],
    [{ status: 'critical', monthsRemaining: 0, daysRemaining: 1 }, 'Your photos will be deleted tomorrow.'],
    [{ status: 'critical', monthsRemaining: 0, daysRemaining: 0 }, 'Your photos will be deleted today.'],
  ] as const)('says %o as “%s”', async (standing, text) => {
    renderBanner(information(standing));
    const banner = await screen.findByRole('region', { name: 'Photo storage' });
    expect(banner).toHaveTextContent(text);
    expect(banner).toHaveClass(`reactivation-banner--${standing.status}`);
  });

  it('uses real plurals in other languages', async () => {
    renderBanner(information({ status: 'critical', monthsRemaining: 0, daysRemaining: 1 }), {
      translator: createTranslator('nl-NL', nl),
    });
    expect(await screen.findByRole('region', { name: "Opslag van foto's" })).toHaveTextContent(
      "Je foto's worden morgen verwijderd.",
    );
  });

  it('offers no action while safe, and opens the modal on demand while warning', async () => {
    const { unmount } = renderBanner(information({ status: 'safe' }));
    await screen.findByRole('region', { name: 'Photo storage' });
    expect(screen.queryByRole('button', { name: 'Keep my photos' })).toBeNull();
    unmount();

    renderBanner(information({ status: 'warning', monthsRemaining: 2, daysRemaining: 70 }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Keep my photos' }));
    const dialog = screen.getByRole('dialog', { name: 'Your photos will be deleted in 70 days.' });
    expect(dialog).toHaveTextContent('Place an order to keep them for another 18 months.');
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', testConfig.shopUrl);
    expect(screen.getByRole('link', { name: 'Order prints' })).toHaveAttribute('href', '/my-photos/albums');
  });

  it('opens the critical modal by itself once per browser session', async () => {
    const critical = information({ status: 'critical', monthsRemaining: 0, daysRemaining: 12 });
    const first = renderBanner(critical);
    const dialog = await screen.findByRole('dialog', { name: 'Your photos will be deleted in 12 days.' });
    expect(sessionStorage.getItem(REACTIVATION_MODAL_SHOWN_KEY)).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');
    first.unmount();

    renderBanner(critical);
    await screen.findByRole('region', { name: 'Photo storage' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not send someone without albums to an album to order prints', async () => {
    renderBanner(information({ status: 'warning', monthsRemaining: 2, daysRemaining: 70 }), {
      library: { albumsCount: 0 },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Keep my photos' }));
    const dialog = screen.getByRole('dialog', { name: 'Your photos will be deleted in 70 days.' });
    expect(dialog).not.toHaveTextContent(/album/i);
    expect(screen.queryByRole('link', { name: 'Order prints' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toBeVisible();
  });

  it('tells the overview how many photos go on which day, with the way to keep them', async () => {
    renderBanner(
      information({
        status: 'critical',
        monthsRemaining: 0,
        daysRemaining: 5,
        projectedDeletionDate: '2026-12-08T10:00:00Z',
      }),
      { status: true, library: { photosCount: 11, status: 'NOT_ACTIVE', albumsCount: 0 } },
    );
    expect(await screen.findByText('5 days storage remaining.')).toHaveClass('storage-status--critical');
    expect(await screen.findByText('11 photos will be deleted on 8 December 2026.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Keep my photos' }));
    expect(screen.getByRole('dialog', { name: 'Your photos will be deleted in 5 days.' })).toBeVisible();
  });

  it('says nothing about deleting while the photos are safe', async () => {
    renderBanner(information({ status: 'safe', monthsRemaining: 6 }), { status: true });
    expect(await screen.findByText('6 months storage remaining.')).toBeVisible();
    expect(screen.queryByText(/will be deleted/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Keep my photos' })).toBeNull();
  });

  it('keeps its place while it loads, so the page below does not move, and gives it up on an error', async () => {
    let answer!: (value: AccountInformation) => void;
    const { container } = renderBanner(information({}), {
      answer: () => new Promise((resolve) => (answer = resolve)),
    });
    await waitFor(() => expect(container.querySelector('.reactivation-banner')).not.toBeNull());
    const placeholder = container.querySelector('.reactivation-banner')!;
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('region', { name: 'Photo storage' })).toBeNull();
    answer(information({ status: 'safe', monthsRemaining: 17, daysRemaining: 520 }));
    expect(await screen.findByRole('region', { name: 'Photo storage' })).toHaveTextContent(
      '17 months storage remaining.',
    );
    expect(container.querySelectorAll('.reactivation-banner')).toHaveLength(1);
    cleanup();

    // A 4xx answer is not asked again: the banner gives its place up at once.
    const failed = renderBanner(information({}), {
      answer: () => Promise.reject(new ApiError(404, 'not_found', 'c-1', 'Not found')),
    });
    await waitFor(() => expect(failed.container.querySelector('.reactivation-banner')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Photo storage' })).toBeNull();
  });

  it('shows nothing and asks nothing when the flag is off', async () => {
    const { request } = renderBanner(information({}), { flag: false });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Photo storage' })).toBeNull());
    expect(request).not.toHaveBeenCalled();
  });
});
