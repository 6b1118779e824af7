import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { photosApi, type Photo } from '@photo/contracts/photos';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../shared/api/query-client';
import { enTranslator, testEnvironment } from '../../test/fixtures';
import { PhotoPreviewPage } from './photo-preview.page';
import { testPhoto } from '../../shared/photo-library/preview/preview.fixtures';
import { writeSort } from '../../shared/photo-library/sort-preference';

/** Taken late in 2023 (camera time), uploaded early in 2024 (UTC). */
const photo: Photo = testPhoto('p-1', {
  dateTaken: '2023-11-20T09:00:00',
  uploadEnd: '2024-02-03T08:00:00Z',
});

function renderPage() {
  const request = vi.fn(async (endpoint: unknown, input: { params?: object; query?: object }) => {
    if (endpoint === photosApi.get) return photo;
    if (endpoint === photosApi.timeline) {
      return [
        { year: 2024, month: 2, count: 1 },
        { year: 2023, month: 11, count: 1 },
      ];
    }
    if (endpoint === photosApi.timelineMonth) return { images: [photo], cursor: null };
    throw new Error(`unexpected call ${JSON.stringify(input)}`);
  });
  const router = createMemoryRouter(
    [{ path: '/my-photos/photos/preview/:id', element: <PhotoPreviewPage /> }],
    { initialEntries: ['/my-photos/photos/preview/p-1'] },
  );
  render(
    <AppProviders
      environment={testEnvironment(request)}
      queryClient={createQueryClient()}
      translator={enTranslator}
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return request;
}

const monthRequests = (request: ReturnType<typeof renderPage>) =>
  request.mock.calls.filter(([endpoint]) => endpoint === photosApi.timelineMonth).map(([, input]) => input);

// docs/product/routes.md: the created-sort viewer when the stored photos sort key is 'created', else the
// date-taken viewer. (Stores live for the page's lifetime, one per sort: each test uses another.)
describe('the photo preview page', () => {
  it('uses the created-sort viewer when the stored sort key is created: upload months', async () => {
    writeSort('photos', { sortKey: 'created', sortOrder: 'asc' });
    const request = renderPage();
    expect(await screen.findByRole('img', { name: /p-1\.jpg/ })).toBeInTheDocument();
    // The photo's own month first (then the next month, since the photo is its month's last).
    await waitFor(() => expect(monthRequests(request).length).toBeGreaterThan(0));
    expect(monthRequests(request)[0]).toEqual({
      params: { year: 2024, month: 2 },
      query: { sortKey: 'created', sortOrder: 'asc', limit: 500 },
    });
    expect(request).toHaveBeenCalledWith(photosApi.timeline, { query: { sortKey: 'created' } });
  });

  it('uses the date-taken viewer otherwise: months of the camera date', async () => {
    const request = renderPage();
    expect(await screen.findByRole('img', { name: /p-1\.jpg/ })).toBeInTheDocument();
    await waitFor(() => expect(monthRequests(request)).toHaveLength(1));
    expect(monthRequests(request)[0]).toEqual({
      params: { year: 2023, month: 11 },
      query: { sortKey: 'dateTaken', sortOrder: 'desc', limit: 500 },
    });
    expect(request).toHaveBeenCalledWith(photosApi.timeline, { query: { sortKey: 'dateTaken' } });
  });
});
