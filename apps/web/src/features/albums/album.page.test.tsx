import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Album } from '@photo/contracts/albums';
import { jsonResponse, renderApp, testConfig, type FetchRoute } from '../../test/fixtures';
import { stubLayout, stubMobile } from '../../shared/photo-library/preview/preview.fixtures';
import { polyfillDialog } from '../../test/fixtures';
import { albumPhoto, bodyOf, byMethod, countRoutes, photosBase, testAlbum } from './albums.fixtures';
import { APP_RETURN_MS } from './album.page';

beforeAll(polyfillDialog);
afterEach(() => vi.useRealTimers());

const albumUrl = `${photosBase}/albums/a1`;
const timelineUrl = `${albumUrl}/timeline?sortKey=created&sortOrder=desc`;
const monthUrl = `${albumUrl}/photos/timeline/2026/11?sortKey=created&sortOrder=desc&limit=24`;

function albumRoutes(
  album: Album,
  months: Array<{ year: number; month: number; count: number }> = [],
  more = {},
) {
  return {
    ...countRoutes(1, 0),
    [albumUrl]: () => jsonResponse(album),
    [timelineUrl]: () => jsonResponse(months),
    ...more,
  } satisfies Record<string, FetchRoute>;
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('an album (docs/product/albums.md)', () => {
  it('shows its breadcrumb, name, stats and empty state', async () => {
    renderApp({
      path: '/my-photos/albums/a1',
      routes: albumRoutes(testAlbum('a1', { albumName: 'Rome', created: new Date().toISOString() })),
    });
    await heading('Rome');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toContainElement(
      screen.getByRole('link', { name: 'My albums' }),
    );
    expect(screen.getByRole('link', { name: 'My albums' })).toHaveAttribute('href', '/my-photos/albums');
    expect(screen.getByText(/Created today/)).toHaveTextContent('0 photos · , Created today');
    expect(await screen.findByText('Your album is empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select' })).toBeDisabled();
  });

  it('opens an album shared with others as a shared album when shared albums are shown', async () => {
    const shared = testAlbum('a1', { isShared: true });
    const { router } = renderApp({ path: '/my-photos/albums/a1?stripped=true', routes: albumRoutes(shared) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/shared-albums/a1'));
    expect(router.state.location.search).toBe('?stripped=true');
  });

  it('opens it as an own album when shared albums are not shown', async () => {
    renderApp({
      path: '/my-photos/albums/a1',
      routes: albumRoutes(testAlbum('a1', { albumName: 'Still mine', isShared: true })),
      flags: { PhotoManagementSharedAlbumsViewEnabled: false },
    });
    expect(await heading('Still mine')).toBeInTheDocument();
  });

  it('says so when the album is not the customer’s, or cannot be loaded', async () => {
    renderApp({
      path: '/my-photos/albums/a1',
      routes: { [albumUrl]: () => jsonResponse({ error: { code: 'not_found', message: 'no' } }, 404) },
    });
    expect(await screen.findByText('This album does not exist, or it is not yours.')).toBeInTheDocument();
  });

  it('renames the album: both invalid-name messages on submit, the save failure, then Save', async () => {
    const user = userEvent.setup();
    let album = testAlbum('a1', { albumName: 'Rome' });
    let failNext = true;
    const sent: unknown[] = [];
    renderApp({
      path: '/my-photos/albums/a1',
      routes: albumRoutes(album, [], {
        [albumUrl]: byMethod({
          GET: () => jsonResponse(album),
          PATCH: (init) => {
            if (failNext) {
              failNext = false;
              return jsonResponse({ error: { code: 'bad_request', message: 'no' } }, 400);
            }
            const body = bodyOf(init) as { name: string };
            sent.push(body);
            album = { ...album, albumName: body.name };
            return jsonResponse(album);
          },
        }),
      }),
    });
    await heading('Rome');
    await user.click(screen.getByRole('button', { name: 'Edit album name' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit album name' });
    const name = within(dialog).getByRole('textbox', { name: 'Album name' });
    expect(name).toHaveValue('Rome');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Please give your album a name')).toBeInTheDocument();
    await user.type(name, 'Rome; 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name not valid')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Rome 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Unable to save changes. Please try again',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await heading('Rome 2026')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Rome 2026' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes the album after a failed try, with the toast, back to the album list', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const { router } = renderApp({
      path: '/my-photos/albums/a1',
      routes: albumRoutes(testAlbum('a1', { albumName: 'Rome' }), [], {
        [albumUrl]: byMethod({
          GET: () => jsonResponse(testAlbum('a1', { albumName: 'Rome' })),
          DELETE: () => {
            attempts += 1;
            return attempts === 1
              ? jsonResponse({ error: { code: 'bad_request', message: 'no' } }, 400)
              : jsonResponse(null, 204);
          },
        }),
        [`${photosBase}/albums?limit=49&displaySharedData=true`]: () =>
          jsonResponse({ albums: [], cursor: null }),
      }),
    });
    await heading('Rome');
    await user.click(screen.getByRole('button', { name: 'Delete album' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this album?' });
    expect(dialog).toHaveTextContent('Rome will be deleted. The photos in it stay in My photos.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete album' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Unable to remove album. Please try again',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete album' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/albums'));
    expect(await screen.findByText('Rome album deleted')).toBeInTheDocument();
  });

  it('removes selected photos from the album with the spec toast; select all takes every photo', async () => {
    stubLayout();
    const user = userEvent.setup();
    const removed: unknown[] = [];
    const photos = [albumPhoto('p1'), albumPhoto('p2')];
    renderApp({
      path: '/my-photos/albums/a1',
      routes: albumRoutes(
        testAlbum('a1', { albumName: 'Rome', photosCount: 2 }),
        [{ year: 2026, month: 11, count: 2 }],
        {
          [monthUrl]: () => jsonResponse({ images: photos, cursor: null }),
          [`${albumUrl}/photos`]: byMethod({
            DELETE: (init) => {
              removed.push(bodyOf(init));
              return jsonResponse({ failed: [] });
            },
          }),
        },
      ),
    });
    await heading('Rome');
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 selected'));
    expect(screen.getByRole('button', { name: 'Deselect all' })).toBeInTheDocument();
    const toolbar = screen.getByRole('toolbar', { name: 'Actions for the selected photos' });
    await user.click(within(toolbar).getByRole('button', { name: 'Delete from album' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove 2 photos from the album?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove from album' }));
    expect(await screen.findByText('2 photos removed from Rome')).toBeInTheDocument();
    expect(removed).toEqual([{ photoIds: ['p1', 'p2'] }]);
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('keeps the remove dialog open with the docs/product/errors.md text when the removal fails', async () => {
    stubLayout();
    const user = userEvent.setup();
    renderApp({
      path: '/my-photos/albums/a1',
      routes: albumRoutes(
        testAlbum('a1', { albumName: 'Rome', photosCount: 1 }),
        [{ year: 2026, month: 11, count: 1 }],
        {
          [monthUrl]: () => jsonResponse({ images: [albumPhoto('p1')], cursor: null }),
          [`${albumUrl}/photos`]: byMethod({ DELETE: () => jsonResponse({ failed: ['p1'] }) }),
        },
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    await user.click(await screen.findByRole('button', { name: /^Select p1\.jpg/ }));
    await user.click(screen.getByRole('button', { name: 'Delete from album' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this photo from the album?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove from album' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error: Your photo could not be removed from the album',
    );
  });

  it('on a phone with the shop’s app, Add photos goes to the app with the album id and comes back after 2 s', async () => {
    stubMobile(true);
    const { environment } = renderApp({
      path: '/my-photos/albums/a1',
      config: { nativeAppUrl: 'photoshop://add-photos?source=account' },
      routes: albumRoutes(testAlbum('a1', { albumName: 'Rome' })),
    });
    await heading('Rome');
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await act(async () => {
      screen.getByRole('button', { name: 'Add photos' }).click();
    });
    expect(environment.leaveTo).toHaveBeenCalledWith('photoshop://add-photos?source=account&albumId=a1');
    await act(async () => {
      vi.advanceTimersByTime(APP_RETURN_MS - 1);
    });
    expect(environment.leaveTo).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(environment.leaveTo).toHaveBeenLastCalledWith(window.location.href);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers the library and an upload to add photos everywhere else', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/my-photos/albums/a1',
      config: { nativeAppUrl: 'photoshop://add-photos' },
      routes: albumRoutes(testAlbum('a1', { albumName: 'Rome' })),
    });
    await heading('Rome');
    await user.click(screen.getByRole('button', { name: 'Add photos' }));
    const dialog = screen.getByRole('dialog', { name: 'Add photos to Rome' });
    expect(within(dialog).getByRole('button', { name: 'Choose from My photos' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload from this device' }));
    expect(screen.getByRole('dialog', { name: 'Add photos' })).toBeInTheDocument();
  });

  it('picks from the library with Cancel and a button that says what it adds', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/my-photos/albums/a1',
      routes: albumRoutes(testAlbum('a1', { albumName: 'Rome' }), [], {
        [`${photosBase}/users/timeline?sortKey=dateTaken`]: () => jsonResponse([]),
      }),
    });
    await heading('Rome');
    await user.click(screen.getByRole('button', { name: 'Add photos' }));
    await user.click(screen.getByRole('button', { name: 'Choose from My photos' }));
    const picker = screen.getByRole('dialog', { name: 'Choose photos for Rome' });
    expect(within(picker).getByRole('button', { name: 'Add photos' })).toBeDisabled();
    await user.click(within(picker).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Choose photos for Rome' })).not.toBeInTheDocument();
  });

  it('orders prints of the selected photos: notice, then the editor with the selection after 3 s', async () => {
    stubLayout();
    const user = userEvent.setup();
    const saved: unknown[] = [];
    const { environment } = renderApp({
      path: '/my-photos/albums/a1',
      routes: albumRoutes(
        testAlbum('a1', { albumName: 'Rome', photosCount: 2 }),
        [{ year: 2026, month: 11, count: 2 }],
        {
          [monthUrl]: () => jsonResponse({ images: [albumPhoto('p1'), albumPhoto('p2')], cursor: null }),
          [`${testConfig.apiBaseUrls.tempSelections}/temp-selections`]: byMethod({
            POST: (init) => {
              saved.push(bodyOf(init));
              return jsonResponse({ tempSelectionId: 'sel-9' }, 201);
            },
          }),
        },
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    await user.click(await screen.findByRole('button', { name: /^Select p2\.jpg/ }));
    await user.click(screen.getByRole('button', { name: 'Order prints' }));
    const dialog = screen.getByRole('dialog', { name: 'Order prints' });
    expect(within(dialog).getByText('Getting your photos ready for the prints editor…')).toBeInTheDocument();
    await waitFor(() => expect(environment.leaveTo).toHaveBeenCalled(), { timeout: 6000 });
    expect(environment.leaveTo).toHaveBeenCalledWith(
      `${testConfig.printsEditorUrl}?tempSelectionId=sel-9&productCode=PAP_910&channelId=UK`,
    );
    expect(saved).toEqual([{ photoIds: ['p2'] }]);
  });

  it('says the transfer failed, and offers it again, when the selection cannot be saved', async () => {
    stubLayout();
    const user = userEvent.setup();
    const { environment } = renderApp({
      path: '/my-photos/albums/a1',
      routes: albumRoutes(
        testAlbum('a1', { albumName: 'Rome', photosCount: 1 }),
        [{ year: 2026, month: 11, count: 1 }],
        {
          [monthUrl]: () => jsonResponse({ images: [albumPhoto('p1')], cursor: null }),
          [`${testConfig.apiBaseUrls.tempSelections}/temp-selections`]: () =>
            jsonResponse({ error: { code: 'not_found', message: 'no' } }, 404),
        },
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    await user.click(await screen.findByRole('button', { name: /^Select p1\.jpg/ }));
    await user.click(screen.getByRole('button', { name: 'Order prints' }));
    const dialog = screen.getByRole('dialog', { name: 'Order prints' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error transferring photos. Try again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(environment.leaveTo).not.toHaveBeenCalled();
  });

  it('offers no order prints where prints cannot be ordered', async () => {
    stubLayout();
    const user = userEvent.setup();
    renderApp({
      path: '/my-photos/albums/a1',
      config: { printsOrdering: { enabled: false, productCode: 'PAP_910' } },
      routes: albumRoutes(testAlbum('a1', { photosCount: 1 }), [{ year: 2026, month: 11, count: 1 }], {
        [monthUrl]: () => jsonResponse({ images: [albumPhoto('p1')], cursor: null }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Select' }));
    const toolbar = screen.getByRole('toolbar');
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Download', 'Copy to album', 'Delete from album']);
  });
});
