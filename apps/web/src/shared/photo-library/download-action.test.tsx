import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  allFlagsOn,
  enTranslator,
  fakePushChannel,
  jsonResponse,
  polyfillDialog,
  stubFetch,
  testConfig,
} from '../../test/fixtures';
import { createQueryClient } from '../api/query-client';
import { createRequest } from '../api/request';
import { AppEnvironmentProvider } from '../environment/app-environment.context';
import { I18nProvider } from '../i18n/i18n.context';
import { ToastProvider, ToastRegion } from '../ui/toasts';
import { ArchiveDownloadsProvider } from './archive-download';
import { DownloadAction } from './download-action';

const createUrl = `${testConfig.apiBaseUrls.downloads}/downloads`;

function renderAction(count: number, answer: () => Response) {
  const fetchMock = stubFetch({ [createUrl]: answer });
  const onDownloaded = vi.fn();
  const ids = Array.from({ length: count }, (_, index) => `p${index}`);
  render(
    <AppEnvironmentProvider
      environment={{
        config: testConfig,
        request: createRequest(testConfig.apiBaseUrls, vi.fn()),
        reportError: vi.fn(),
        flags: allFlagsOn,
        push: fakePushChannel(),
        leaveTo: vi.fn(),
      }}
    >
      <I18nProvider translator={enTranslator}>
        <QueryClientProvider client={createQueryClient()}>
          <ToastProvider>
            <ArchiveDownloadsProvider>
              <DownloadAction
                count={count}
                target={() => ({ kind: 'library', photoIds: ids })}
                onDownloaded={onDownloaded}
              />
              <ToastRegion />
            </ArchiveDownloadsProvider>
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>
    </AppEnvironmentProvider>,
  );
  return { fetchMock, onDownloaded };
}

beforeAll(polyfillDialog);

const toasts = () => screen.getByRole('region', { name: 'Notifications' });

describe('Download in select mode', () => {
  it('asks for an archive of 2 to 100 photos after the download modal, then ends the selection', async () => {
    const user = userEvent.setup();
    const { fetchMock, onDownloaded } = renderAction(100, () =>
      jsonResponse({ id: crypto.randomUUID(), photos: [] }, 202),
    );
    await user.click(screen.getByRole('button', { name: 'Download' }));
    const dialog = screen.getByRole('dialog', { name: 'Download 100 photos' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(onDownloaded).toHaveBeenCalled());
    const body = JSON.parse(fetchMock.mock.calls[0]![1]!.body as string) as { id: string; photos: string[] };
    expect(body.photos).toHaveLength(100);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(toasts()).toHaveTextContent('Preparing download…');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the modal open with the spec’s error, and says the download failed, when the request fails', async () => {
    const user = userEvent.setup();
    const { onDownloaded } = renderAction(3, () =>
      jsonResponse({ error: { code: 'too_many_requests', message: 'slow down' } }, 429),
    );
    await user.click(screen.getByRole('button', { name: 'Download' }));
    const dialog = screen.getByRole('dialog', { name: 'Download 3 photos' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error: Your photos could not be downloaded',
    );
    expect(toasts()).toHaveTextContent('Download failed');
    expect(onDownloaded).not.toHaveBeenCalled();
  });

  it('is disabled above 100 photos with the spec’s tooltip', () => {
    renderAction(101, () => jsonResponse({}, 500));
    const button = screen.getByRole('button', { name: 'Download' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Up to 100 photos can be downloaded at a time');
    expect(button.parentElement).toHaveAttribute('title', 'Up to 100 photos can be downloaded at a time');
  });
});
