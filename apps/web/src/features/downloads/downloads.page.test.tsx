import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Download } from '@photo/contracts/downloads';
import { jsonResponse, renderApp, testConfig } from '../../test/fixtures';

const listUrl = `${testConfig.apiBaseUrls.downloads}/downloads`;
const ready: Download = {
  id: '0b8c7a52-6c38-4a0e-9b55-5a2f3c6d1e90',
  photoCount: 12,
  size: 58_300_000,
  state: 'ready',
  created: '2026-11-24T10:03:00.000Z',
  expires: '2026-12-01T10:05:00.000Z',
};
const preparing: Download = {
  ...ready,
  id: '1b8c7a52-6c38-4a0e-9b55-5a2f3c6d1e91',
  size: null,
  state: 'preparing',
};

/** The page with the real route table; `answers` are the successive answers of GET /downloads. */
function renderDownloads(answers: Array<() => Response>) {
  const view = renderApp({ path: '/downloads' });
  const realFetch = view.fetchMock.getMockImplementation()!;
  let call = 0;
  view.fetchMock.mockImplementation(async (input, init) => {
    if (input.toString() !== listUrl) return realFetch(input, init);
    const answer = answers[Math.min(call, answers.length - 1)]!;
    call += 1;
    return answer();
  });
  return view;
}

describe('the downloads page', () => {
  it('lists the archives with their state, photo count, size and expiry, and downloads one again', async () => {
    const user = userEvent.setup();
    const view = renderDownloads([() => jsonResponse({ items: [preparing, ready] })]);
    const items = within(await screen.findByRole('list', { name: 'Downloads' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Preparing');
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Ready');
    expect(items[1]).toHaveTextContent('12');
    expect(items[1]).toHaveTextContent('58.3 MB');
    expect(items[1]).toHaveTextContent('1 Dec 2026');

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const signed = `${testConfig.apiBaseUrls.downloads.replace('/api/downloads', '')}/blob-links/x.zip?link=1`;
    const realFetch = view.fetchMock.getMockImplementation()!;
    view.fetchMock.mockImplementation(async (input, init) =>
      input.toString() === `${listUrl}/${ready.id}/url`
        ? jsonResponse({ url: signed })
        : realFetch(input, init),
    );
    await user.click(within(items[1]!).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).href).toBe(signed);
  });

  it('follows the push channel: a finished archive turns ready without a reload', async () => {
    const view = renderDownloads([
      () => jsonResponse({ items: [preparing] }),
      () => jsonResponse({ items: [{ ...preparing, state: 'ready', size: 1000 }] }),
    ]);
    expect(await screen.findByText('Preparing')).toBeInTheDocument();
    view.push.deliver({
      id: crypto.randomUUID(),
      timestamp: Date.now(),
      key: 'archive-generation-finished',
      message: { userId: 'c-1', downloadId: preparing.id },
    });
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    renderDownloads([() => jsonResponse({ items: [] })]);
    expect(await screen.findByText(/You have no downloads/)).toBeInTheDocument();
  });

  it('says when they could not be loaded, and tries again', async () => {
    const user = userEvent.setup();
    renderDownloads([
      () => jsonResponse({ error: { code: 'forbidden', message: 'no' } }, 403),
      () => jsonResponse({ items: [ready] }),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Your downloads could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ready')).toBeInTheDocument();
  });
});
