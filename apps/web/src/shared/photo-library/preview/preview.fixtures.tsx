import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { vi } from 'vitest';
import {
  photosApi,
  type BulkDeleteResult,
  type Photo,
  type PhotoPage,
  type TimelineEntry,
} from '@photo/contracts/photos';
import { ApiError } from '../../api/api-error';
import { createQueryClient } from '../../api/query-client';
import type { Request, RequestOptions } from '../../api/request';
import type { AppEnvironment } from '../../environment/app-environment.context';
import { monthKey } from '../../timeline/timeline-layout';
import { TimelineStore, type TimelineSort, type TimelineSource } from '../../timeline/timeline-store';
import { allFlagsOn, AppProviders, enTranslator, fakePushChannel, testConfig } from '../../../test/fixtures';
import { LibraryPhotoPreview } from './library-photo-preview';
import { dateTakenViewer, type PreviewViewer } from './preview-viewer';

/** Test helpers of the preview: photos, a fake timeline source and request, a rendered preview. */

export function testPhoto(imageId: string, overrides: Partial<Photo> = {}): Photo {
  return {
    imageId,
    localFileName: `${imageId}.jpg`,
    uploadId: 'upload-1',
    url: `https://photos.test/files/${imageId}/1300`,
    untouchedUrl: `https://photos.test/files/${imageId}/original`,
    thumbnails: [],
    uploadEnd: '2024-06-01T10:00:00.000000Z',
    visibleWidth: 4000,
    visibleHeight: 3000,
    status: 'ready',
    ...overrides,
  };
}

/** Photo ids are `year-month-index`, so a test reads where a photo comes from. */
export const photoId = (year: number, month: number, index: number) => `${year}-${month}-${index}`;

/**
 * A source over fixed months that pages by keyset cursor like the server and builds only the page
 * asked for (a 60,000-photo month costs nothing until it is walked).
 */
export function fakeSource(months: TimelineEntry[], id = 'fake') {
  const countOf = (year: number, month: number) =>
    months.find((entry) => entry.year === year && entry.month === month)?.count ?? 0;
  const page = vi.fn(
    (year: number, month: number, query: { cursor?: string; limit: number }): Promise<PhotoPage> => {
      const start = query.cursor ? Number(query.cursor) : 0;
      const end = Math.min(countOf(year, month), start + query.limit);
      const images = Array.from({ length: Math.max(0, end - start) }, (_, i) =>
        testPhoto(photoId(year, month, start + i)),
      );
      return Promise.resolve({ images, cursor: end < countOf(year, month) ? String(end) : null });
    },
  );
  const index = vi.fn(() => Promise.resolve(months.map((entry) => ({ ...entry }))));
  return { id, index, page } satisfies TimelineSource;
}

export const sortByDateTaken: TimelineSort = { sortKey: 'dateTaken', sortOrder: 'desc' };

/** A store as the grid leaves it: the index and the first `loaded` photos of some months. */
export async function gridStore(
  months: TimelineEntry[],
  loaded: Record<string, number>,
  sort: TimelineSort = sortByDateTaken,
) {
  const source = fakeSource(months);
  const store = new TimelineStore(source, sort);
  await store.loadIndex();
  for (const entry of months) {
    const count = loaded[monthKey(entry.year, entry.month)];
    if (count) await store.ensureLoaded(entry.year, entry.month, count);
  }
  source.page.mockClear();
  source.index.mockClear();
  return { store, source };
}

export interface FakeApi {
  /** `GET /photos/:id`: the photo, or the status it fails with. */
  photos?: Record<string, Photo | number>;
  /** `DELETE /photos`: the answer for the ids sent. */
  deleteMany?: (photoIds: string[]) => BulkDeleteResult;
}

/** The request client with the server replaced (the server is outside the web unit). */
export function fakeRequest(api: FakeApi = {}) {
  const calls: Array<{ path: string; input: unknown }> = [];
  const request = vi.fn(
    async (endpoint: { path: string }, input: unknown, _options?: RequestOptions): Promise<unknown> => {
      calls.push({ path: endpoint.path, input });
      if (endpoint === photosApi.get) {
        const { photoId: id } = (input as { params: { photoId: string } }).params;
        const answer = api.photos?.[id] ?? 404;
        if (typeof answer === 'number') throw new ApiError(answer, 'not_found', 'c-1', `status ${answer}`);
        return answer;
      }
      if (endpoint === photosApi.deleteMany) {
        const { photoIds } = (input as { body: { photoIds: string[] } }).body;
        return api.deleteMany?.(photoIds) ?? { failed: [] };
      }
      throw new Error(`unexpected call ${endpoint.path}`);
    },
  );
  return { request: request as unknown as Request, mock: request, calls };
}

export const GRID_HEADING = 'Photo grid';

export interface RenderPreviewOptions {
  store: TimelineStore;
  path: string;
  viewer?: PreviewViewer;
  api?: FakeApi;
}

function TestPreviewRoute({ store, viewer }: { store: TimelineStore; viewer: PreviewViewer }) {
  const { id = '' } = useParams();
  return <LibraryPhotoPreview store={store} viewer={viewer} photoId={id} />;
}

/** The library preview at `path`, with the grid's route beside it to come back to. */
export function renderPreview({ store, path, viewer = dateTakenViewer, api }: RenderPreviewOptions) {
  const { request, mock, calls } = fakeRequest(api);
  const environment: AppEnvironment = {
    config: testConfig,
    request,
    reportError: vi.fn(),
    flags: allFlagsOn,
    push: fakePushChannel(),
    leaveTo: vi.fn(),
  };
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/my-photos/photos/preview/:id',
        element: <TestPreviewRoute store={store} viewer={viewer} />,
      },
      { path: '/my-photos/photos', element: <h1>{GRID_HEADING}</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <AppProviders environment={environment} queryClient={queryClient} translator={enTranslator}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, environment, request: mock, calls, queryClient };
}

/** jsdom has no layout: a stage of 1000 x 800 with a 4:3 photo filling its width. */
export function stubLayout() {
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1000);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(750);
}

/** Below 576 px wide: the mobile layout, where a swipe down closes the preview. */
export function stubMobile(mobile: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: mobile && query.includes('max-width: 575px'), media: query })),
  );
}

/** Lets pending promises (store loads, navigations) settle inside act. */
export async function settle() {
  await act(async () => {
    for (let round = 0; round < 5; round += 1) await Promise.resolve();
  });
}
