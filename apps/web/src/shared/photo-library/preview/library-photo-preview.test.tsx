import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { photosApi } from '@photo/contracts/photos';
import { TimelineStore } from '../../timeline/timeline-store';
import {
  fakeSource,
  GRID_HEADING,
  gridStore,
  renderPreview,
  settle,
  sortByDateTaken,
  stubLayout,
  stubMobile,
  testPhoto,
} from './preview.fixtures';
import { polyfillDialog } from '../../../test/fixtures';

beforeAll(polyfillDialog);
afterEach(() => vi.useRealTimers());

const twoMonths = [
  { year: 2024, month: 5, count: 3 },
  { year: 2024, month: 4, count: 2 },
];

async function openFromGrid(path = '/my-photos/photos/preview/2024-5-1?sortKey=x&stripped=true') {
  const { store, source } = await gridStore(twoMonths, { '2024-5': 24, '2024-4': 24 });
  const view = renderPreview({ store, path });
  await screen.findByRole('img', { name: /2024-5-1\.jpg/ });
  return { ...view, store, source };
}

const location = (router: { state: { location: { pathname: string; search: string } } }) =>
  `${router.state.location.pathname}${router.state.location.search}`;

const image = () => screen.getByRole('img', { name: /^Photo / });

describe('the library photo preview', () => {
  it('shows the 1300 preview from the grid store without asking the server, with its name and date', async () => {
    const { store, source } = await gridStore([{ year: 2024, month: 5, count: 1 }], { '2024-5': 24 });
    Object.assign(store.month('2024-5').photos[0]!, { dateTaken: '2024-05-31T23:30:00' });
    const { request } = renderPreview({ store, path: '/my-photos/photos/preview/2024-5-0' });
    const shown = await screen.findByRole('img', {
      name: 'Photo 2024-5-0.jpg, taken on 31 May 2024 at 23:30',
    });
    expect(shown).toHaveAttribute('src', 'https://photos.test/files/2024-5-0/1300');
    // The camera's local time: no browser time zone moves it to another day.
    expect(screen.getByText('Taken on 31 May 2024 at 23:30')).toBeInTheDocument();
    expect(screen.getByText('2024-5-0.jpg')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Photo preview: 2024-5-0.jpg' }),
    ).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
    expect(source.page).not.toHaveBeenCalled();
  });

  it('has no Taken on for a photo without a real taken date', async () => {
    const { store } = await gridStore([{ year: 0, month: 0, count: 1 }], { '0-0': 24 });
    Object.assign(store.month('0-0').photos[0]!, { dateTaken: '1970-01-01T00:00:00' });
    renderPreview({ store, path: '/my-photos/photos/preview/0-0-0' });
    expect(await screen.findByRole('img', { name: 'Photo 0-0-0.jpg' })).toBeInTheDocument();
    expect(screen.queryByText(/Taken on/)).not.toBeInTheDocument();
  });

  it('moves with the arrow keys and the arrow buttons, across months, keeping the query string', async () => {
    const user = userEvent.setup();
    const { router } = await openFromGrid();
    await user.keyboard('{ArrowRight}');
    expect(location(router)).toBe('/my-photos/photos/preview/2024-5-2?sortKey=x&stripped=true');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(location(router)).toBe('/my-photos/photos/preview/2024-4-0?sortKey=x&stripped=true');
    expect(image()).toHaveAttribute('src', 'https://photos.test/files/2024-4-0/1300');
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(location(router)).toBe('/my-photos/photos/preview/2024-5-1?sortKey=x&stripped=true');
  });

  it('stays on the first and last photo, with the arrow there marked unavailable', async () => {
    const user = userEvent.setup();
    const { store } = await gridStore([{ year: 2024, month: 5, count: 1 }], { '2024-5': 24 });
    const { router } = renderPreview({ store, path: '/my-photos/photos/preview/2024-5-0' });
    await screen.findByRole('img', { name: /2024-5-0/ });
    expect(screen.getByRole('button', { name: 'Next photo' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    await user.keyboard('{ArrowLeft}');
    expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2024-5-0');
  });

  it('loads the next page when the last loaded photo is shown, then goes on into it', async () => {
    const user = userEvent.setup();
    const { store, source } = await gridStore([{ year: 2024, month: 5, count: 60_000 }], { '2024-5': 24 });
    const loadPhotoAt = vi.spyOn(store, 'loadPhotoAt');
    const { router } = renderPreview({ store, path: '/my-photos/photos/preview/2024-5-23' });
    await screen.findByRole('img', { name: /2024-5-23/ });
    await waitFor(() => expect(loadPhotoAt).toHaveBeenCalledWith(2024, 5, 24));
    await waitFor(() => expect(store.month('2024-5').photos).toHaveLength(48));
    expect(source.page).toHaveBeenCalledTimes(1);
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2024-5-24');
  });

  it('closes with Escape, back to the grid with the query string', async () => {
    const user = userEvent.setup();
    const { router } = await openFromGrid();
    await user.keyboard('{Escape}');
    expect(location(router)).toBe('/my-photos/photos?sortKey=x&stripped=true');
    expect(screen.getByRole('heading', { name: GRID_HEADING })).toBeInTheDocument();
  });

  it('closes with the back button, back to the grid with the query string', async () => {
    const user = userEvent.setup();
    const { router } = await openFromGrid('/my-photos/photos/preview/2024-5-1?sortKey=y');
    await user.click(screen.getByRole('link', { name: 'Back to photos' }));
    expect(location(router)).toBe('/my-photos/photos?sortKey=y');
  });

  it('leaves Escape and the arrow keys to another modal that is open', async () => {
    const user = userEvent.setup();
    const { router } = await openFromGrid();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog', { name: 'Delete this photo?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2024-5-1');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(router.state.location.pathname).toBe('/my-photos/photos');
  });

  describe('pointer gestures', () => {
    const swipe = (from: [number, number], to: [number, number], pointerType = 'touch') => {
      const target = image();
      fireEvent.pointerDown(target, { pointerId: 1, pointerType, clientX: from[0], clientY: from[1] });
      fireEvent.pointerMove(target, { pointerId: 1, pointerType, clientX: to[0], clientY: to[1] });
      fireEvent.pointerUp(target, { pointerId: 1, pointerType, clientX: to[0], clientY: to[1] });
    };

    it('changes the photo when a swipe passes 35% of the width, else snaps back', async () => {
      stubLayout();
      const { router } = await openFromGrid();
      const target = image();
      fireEvent.pointerDown(target, { pointerId: 1, clientX: 600, clientY: 400 });
      fireEvent.pointerMove(target, { pointerId: 1, clientX: 300, clientY: 410 });
      expect(target.style.transform).toBe('translate3d(-300px, 0px, 0px) scale(1)');
      fireEvent.pointerUp(target, { pointerId: 1, clientX: 300, clientY: 410 });
      expect(target.style.transform).toBe('translate3d(0px, 0px, 0px) scale(1)');
      expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2024-5-1');

      swipe([600, 400], [240, 400]);
      await settle();
      expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2024-5-2');
      swipe([200, 400], [560, 400], 'mouse');
      await settle();
      expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2024-5-1');
    });

    it('closes on a swipe down on mobile only', async () => {
      stubLayout();
      stubMobile(false);
      const { router } = await openFromGrid();
      swipe([500, 100], [500, 500]);
      await settle();
      expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2024-5-1');
      stubMobile(true);
      swipe([500, 100], [500, 300]);
      await settle();
      expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2024-5-1');
      swipe([500, 100], [500, 500]);
      await settle();
      expect(router.state.location.pathname).toBe('/my-photos/photos');
    });

    it('zooms to 2.5 on a double tap within 200 ms, pans while zoomed, and zooms out on the next one', async () => {
      stubLayout();
      const { router } = await openFromGrid();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const tap = (x = 500, y = 400) => {
        fireEvent.pointerDown(image(), { pointerId: 1, clientX: x, clientY: y });
        fireEvent.pointerUp(image(), { pointerId: 1, clientX: x, clientY: y });
      };
      tap();
      act(() => {
        vi.advanceTimersByTime(150);
      });
      tap();
      act(() => {
        vi.advanceTimersByTime(500);
      });
      expect(image().style.transform).toBe('translate3d(0px, 0px, 0px) scale(2.5)');
      expect(screen.getByRole('button', { name: 'Zoom out' })).toBeInTheDocument();
      // Zoomed, the controls stayed: the two taps were one double tap, not two single taps.
      expect(document.querySelector('.photo-preview--controls-hidden')).toBeNull();

      const target = image();
      fireEvent.pointerDown(target, { pointerId: 2, clientX: 500, clientY: 400 });
      fireEvent.pointerMove(target, { pointerId: 2, clientX: 200, clientY: 350 });
      fireEvent.pointerUp(target, { pointerId: 2, clientX: 200, clientY: 350 });
      expect(target.style.transform).toBe('translate3d(-300px, -50px, 0px) scale(2.5)');
      expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2024-5-1');

      tap();
      tap();
      expect(image().style.transform).toBe('translate3d(0px, 0px, 0px) scale(1)');
    });

    it('takes two slow taps as two taps that show and hide the controls, without zooming', async () => {
      await openFromGrid();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const tap = () => {
        fireEvent.pointerDown(image(), { pointerId: 1, clientX: 500, clientY: 400 });
        fireEvent.pointerUp(image(), { pointerId: 1, clientX: 500, clientY: 400 });
      };
      const controlsHidden = () => document.querySelector('.photo-preview--controls-hidden') !== null;
      tap();
      act(() => {
        vi.advanceTimersByTime(250);
      });
      expect(controlsHidden()).toBe(true);
      tap();
      act(() => {
        vi.advanceTimersByTime(250);
      });
      expect(controlsHidden()).toBe(false);
      expect(image().style.transform).toBe('translate3d(0px, 0px, 0px) scale(1)');
      expect(screen.getByRole('button', { name: 'Zoom in' })).toBeInTheDocument();
    });
  });

  it('zooms with the zoom button too, for the keyboard', async () => {
    const user = userEvent.setup();
    await openFromGrid();
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(image().style.transform).toContain('scale(2.5)');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(image().style.transform).toContain('scale(1)');
  });

  it('shows a close icon and a message when the image fails to load', async () => {
    await openFromGrid();
    fireEvent.error(image());
    expect(screen.queryByRole('img', { name: /^Photo / })).not.toBeInTheDocument();
    expect(screen.getByText('This photo could not be shown')).toBeInTheDocument();
  });

  it('downloads the original by a download link, never through memory', async () => {
    await openFromGrid();
    const link = screen.getByRole('link', { name: 'Download' });
    expect(link).toHaveAttribute('href', 'https://photos.test/files/2024-5-1/original');
    expect(link).toHaveAttribute('download', '2024-5-1.jpg');
  });

  describe('delete', () => {
    it('deletes the photo and moves on to the next one', async () => {
      const user = userEvent.setup();
      const { router, store, calls, queryClient } = await openFromGrid();
      const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete this photo?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete photo' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2024-5-2'));
      expect(calls).toEqual([
        { path: photosApi.deleteMany.path, input: { body: { photoIds: ['2024-5-1'] } } },
      ]);
      await waitFor(() => expect(store.knownIds()).not.toContain('2024-5-1'));
      expect(store.months[0]).toEqual({ year: 2024, month: 5, count: 2 });
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['photos'] });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(await screen.findByRole('img', { name: /2024-5-2\.jpg/ })).toBeInTheDocument();
      expect(location(router)).toBe('/my-photos/photos/preview/2024-5-2?sortKey=x&stripped=true');
    });

    it('moves to the previous photo when the last one is deleted, and to the grid when none is left', async () => {
      const user = userEvent.setup();
      const { store } = await gridStore([{ year: 2024, month: 5, count: 2 }], { '2024-5': 24 });
      const { router } = renderPreview({ store, path: '/my-photos/photos/preview/2024-5-1' });
      await screen.findByRole('img', { name: /2024-5-1/ });
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      await user.click(screen.getByRole('button', { name: 'Delete photo' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2024-5-0'));
      await screen.findByRole('img', { name: /2024-5-0/ });

      await user.click(screen.getByRole('button', { name: 'Delete' }));
      await user.click(screen.getByRole('button', { name: 'Delete photo' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/photos'));
      expect(store.months).toEqual([]);
    });

    it('keeps the modal open with the docs/product/errors.md error when the delete fails', async () => {
      const user = userEvent.setup();
      const { store } = await gridStore(twoMonths, { '2024-5': 24, '2024-4': 24 });
      const { router, environment } = renderPreview({
        store,
        path: '/my-photos/photos/preview/2024-5-1',
        api: { deleteMany: (photoIds) => ({ failed: photoIds }) },
      });
      await screen.findByRole('img', { name: /2024-5-1/ });
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      await user.click(screen.getByRole('button', { name: 'Delete photo' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete this photo?' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Error: Your photo could not be deleted',
      );
      expect(within(dialog).getByRole('button', { name: 'Delete photo' })).toBeEnabled();
      expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2024-5-1');
      expect(store.knownIds()).toHaveLength(5);
      expect(environment.reportError).toHaveBeenCalledWith(
        expect.objectContaining({ action: 'DELETE_PHOTO_FAILED', message: 'Failed to delete photo!' }),
      );
    });
  });

  describe('opened by its address', () => {
    it('fetches the photo, loads its month until it is there, and walks on from it', async () => {
      const user = userEvent.setup();
      const source = fakeSource([
        { year: 2024, month: 5, count: 3 },
        { year: 2023, month: 12, count: 700 },
      ]);
      const store = new TimelineStore(source, sortByDateTaken);
      const deepLinked = testPhoto('2023-12-650', { dateTaken: '2023-12-02T10:00:00' });
      const { router, calls } = renderPreview({
        store,
        path: '/my-photos/photos/preview/2023-12-650',
        api: { photos: { '2023-12-650': deepLinked } },
      });
      expect(await screen.findByRole('img', { name: /2023-12-650\.jpg/ })).toBeInTheDocument();
      expect(calls.map((call) => call.path)).toEqual([photosApi.get.path]);
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Previous photo' })).toHaveAttribute(
          'aria-disabled',
          'false',
        ),
      );
      expect(source.index).toHaveBeenCalledTimes(1);
      expect(
        source.page.mock.calls.map(([year, month, query]) => [year, month, query.limit, query.cursor]),
      ).toEqual([
        [2023, 12, 500, undefined],
        [2023, 12, 500, '500'],
      ]);
      await user.keyboard('{ArrowLeft}');
      expect(router.state.location.pathname).toBe('/my-photos/photos/preview/2023-12-649');
    });

    it('says so, with a way back, when the photo is not the customer’s (404)', async () => {
      const { store } = await gridStore([{ year: 2024, month: 5, count: 1 }], { '2024-5': 24 });
      const { request } = renderPreview({ store, path: '/my-photos/photos/preview/someone-elses' });
      expect(await screen.findByRole('heading', { level: 1, name: 'Photo not found' })).toBeInTheDocument();
      expect(screen.getByText(/not in your photo library/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to photos' })).toHaveAttribute(
        'href',
        '/my-photos/photos',
      );
      // An answer, not a failure: the request client does not report it.
      expect(request.mock.calls[0]![2]?.expectedStatuses).toContain(404);
    });
  });
});
