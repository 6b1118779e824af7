import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse, polyfillDialog, renderApp } from '../../test/fixtures';
import {
  albumPhoto,
  bodyOf,
  byMethod,
  countRoutes,
  photosBase,
  shareBase,
  testAlbum,
  testSharedAlbum,
} from './albums.fixtures';

beforeAll(polyfillDialog);

const firstPage = `${photosBase}/albums?limit=49&displaySharedData=true`;
const sharedPage = `${shareBase}/shared-albums?limit=50`;

describe('the album list (docs/product/albums.md)', () => {
  it('shows the New album tile first, the albums page by page, and Shared with you', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/my-photos/albums',
      routes: {
        ...countRoutes(2, 1),
        [firstPage]: () =>
          jsonResponse({
            albums: [testAlbum('a1', { albumName: 'Italy', photosCount: 3, coverPhoto: albumPhoto('p1') })],
            cursor: 'next-1',
          }),
        [`${photosBase}/albums?limit=50&displaySharedData=true&cursor=next-1`]: () =>
          jsonResponse({ albums: [testAlbum('a2', { albumName: 'Garden', photosCount: 1 })], cursor: null }),
        [sharedPage]: () =>
          jsonResponse({
            albums: [testSharedAlbum('s1', { albumName: 'Lake weekend', photosCount: 4 })],
            cursor: null,
          }),
      },
    });
    const mine = await screen.findByRole('region', { name: 'My albums' });
    const tiles = await within(mine).findAllByRole('listitem');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      '+New album',
      'Italy3 photos · , Created 02 Nov 2026',
    ]);
    expect(within(tiles[1]!).getByRole('link')).toHaveAttribute('href', '/my-photos/albums/a1');
    expect(tiles[1]!.querySelector('img')).toHaveAttribute('src', `${photosBase}/files/p1/300`);
    const tabs = screen.getByRole('navigation', { name: 'Photo library' });
    expect(await within(tabs).findByRole('link', { name: 'Albums (3)' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(screen.getByRole('button', { name: 'Show more albums' }));
    expect(await within(mine).findByRole('link', { name: /^Garden/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more albums' })).not.toBeInTheDocument();

    const shared = screen.getByRole('region', { name: 'Shared with you' });
    expect(within(shared).getByRole('link', { name: /^Lake weekend/ })).toHaveAttribute(
      'href',
      '/my-photos/shared-albums/s1',
    );
  });

  it('says why when the albums or the shared albums cannot be loaded, and shows no shared list without any', async () => {
    renderApp({
      path: '/my-photos/albums',
      routes: {
        ...countRoutes(0, 0),
        // Refused, so not retried (the query client retries only server and network failures).
        [firstPage]: () => jsonResponse({ error: { code: 'forbidden', message: 'no' } }, 403),
        [sharedPage]: () => jsonResponse({ error: { code: 'forbidden', message: 'no' } }, 403),
      },
    });
    expect(
      await screen.findByText('Unable to display albums. Please refresh the page or try again later.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Unable to display shared albums. Please refresh the page or try again later.'),
    ).toBeInTheDocument();
  });

  it('leaves out Shared with you when nothing is shared, and shows none at all with the flag off', async () => {
    const routes = {
      ...countRoutes(0, 0),
      [firstPage]: () => jsonResponse({ albums: [], cursor: null }),
      [`${photosBase}/albums?limit=49&displaySharedData=false`]: () =>
        jsonResponse({ albums: [], cursor: null }),
      [sharedPage]: () => jsonResponse({ albums: [], cursor: null }),
    };
    const { unmount } = renderApp({ path: '/my-photos/albums', routes });
    expect(await screen.findByText(/You have no albums yet/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shared with you' })).not.toBeInTheDocument();
    unmount();
    const { fetchMock } = renderApp({
      path: '/my-photos/albums',
      routes,
      flags: { PhotoManagementSharedAlbumsViewEnabled: false },
    });
    expect(await screen.findByText(/You have no albums yet/)).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Photo library' });
    expect(await within(tabs).findByRole('link', { name: 'Albums (0)' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain(sharedPage);
  });

  it('checks a new album’s name on submit only, with both texts, then opens the new album', async () => {
    const user = userEvent.setup();
    const created: unknown[] = [];
    const { router } = renderApp({
      path: '/my-photos/albums',
      routes: {
        ...countRoutes(0, 0),
        [firstPage]: () => jsonResponse({ albums: [], cursor: null }),
        [sharedPage]: () => jsonResponse({ albums: [], cursor: null }),
        [`${photosBase}/albums`]: byMethod({
          POST: (init) => {
            created.push(bodyOf(init));
            return jsonResponse({ albumId: 'new-1' }, 201);
          },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New album' }));
    const dialog = screen.getByRole('dialog', { name: 'New album' });
    const name = within(dialog).getByRole('textbox', { name: 'Album name' });
    expect(name).toHaveAttribute('placeholder', 'Untitled album');
    await user.type(name, ' Trip');
    expect(within(dialog).queryByText('Name not valid')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create album' }));
    expect(within(dialog).getByText('Name not valid')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Create album' }));
    expect(within(dialog).getByText('Please give your album a name')).toBeInTheDocument();
    await user.type(name, 'Trip <2>');
    await user.click(within(dialog).getByRole('button', { name: 'Create album' }));
    expect(within(dialog).getByText('Name not valid')).toBeInTheDocument();
    expect(created).toEqual([]);

    await user.clear(name);
    await user.type(name, 'Trip to Rome');
    await user.click(within(dialog).getByRole('button', { name: 'Create album' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/albums/new-1'));
    expect(created).toEqual([{ name: 'Trip to Rome' }]);
  });
});
