import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Participants } from '@photo/contracts/shared-albums';
import { jsonResponse, renderApp, testCustomer, type FetchRoute } from '../../test/fixtures';
import { stubLayout } from '../../shared/photo-library/preview/preview.fixtures';
import { polyfillDialog } from '../../test/fixtures';
import {
  albumPhoto,
  byMethod,
  countRoutes,
  photosBase,
  shareBase,
  testAlbum,
  testSharedAlbum,
} from './albums.fixtures';

beforeAll(polyfillDialog);

const sharedUrl = `${shareBase}/shared-albums/s1`;
const timelineUrl = `${sharedUrl}/timeline?sortKey=created&sortOrder=desc`;
const monthUrl = `${sharedUrl}/photos/timeline/2026/10?sortKey=created&sortOrder=desc&limit=24`;

const owner = { id: 'owner-1', email: 'owner@example.com' };
const participant = testCustomer({ id: 'c-1', email: 'ada@example.com' });

function sharedRoutes(participants: Participants, extra: Record<string, FetchRoute> = {}) {
  return {
    ...countRoutes(0, 1),
    [sharedUrl]: () => jsonResponse(testSharedAlbum('s1', { albumName: 'Lake weekend', photosCount: 1 })),
    [`${sharedUrl}/participants`]: () => jsonResponse(participants),
    [timelineUrl]: () => jsonResponse([{ year: 2026, month: 10, count: 1 }]),
    [monthUrl]: () => jsonResponse({ images: [{ ...albumPhoto('p1'), ownerId: owner.id }], cursor: null }),
    ...extra,
  };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('a shared album (docs/product/albums.md, roles.md)', () => {
  it('is read-only for a participant: the banner, the owner’s address, every disabled action with its reason', async () => {
    stubLayout();
    const user = userEvent.setup();
    renderApp({
      path: '/my-photos/shared-albums/s1',
      customer: participant,
      routes: sharedRoutes({ owner, participants: [] }),
    });
    await heading('Lake weekend');
    expect(screen.getByText('Shared albums are no longer supported')).toBeInTheDocument();
    expect(await screen.findByText('Shared by owner@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Who can see it' })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Select' }));
    await user.click(await screen.findByRole('button', { name: /^Select p1\.jpg/ }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions for the selected photos' });
    for (const name of ['Order prints', 'Copy to album', 'Delete from album']) {
      const action = within(toolbar).getByRole('button', { name });
      expect(action).toHaveAttribute('aria-disabled', 'true');
      expect(action).toHaveAccessibleDescription('Unavailable for shared albums');
    }
    // Download stays: the original, through the album's own file route.
    expect(within(toolbar).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      `${photosBase}/files/p1/original`,
    );
  });

  it('lets a participant remove it, worded for a participant, with the toast', async () => {
    const user = userEvent.setup();
    let removed = false;
    const { router } = renderApp({
      path: '/my-photos/shared-albums/s1',
      customer: participant,
      routes: sharedRoutes(
        { owner, participants: [] },
        {
          [sharedUrl]: byMethod({
            GET: () => jsonResponse(testSharedAlbum('s1', { albumName: 'Lake weekend' })),
            DELETE: () => {
              removed = true;
              return jsonResponse(null, 204);
            },
          }),
          [`${photosBase}/albums?limit=49&displaySharedData=true`]: () =>
            jsonResponse({ albums: [], cursor: null }),
          [`${shareBase}/shared-albums?limit=50`]: () => jsonResponse({ albums: [], cursor: null }),
        },
      ),
    });
    await heading('Lake weekend');
    await user.click(screen.getByRole('button', { name: 'Delete shared album' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this shared album?' });
    expect(dialog).toHaveTextContent('Lake weekend will no longer be shared with you.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove album' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/albums'));
    expect(removed).toBe(true);
    expect(await screen.findByText('Lake weekend album deleted')).toBeInTheDocument();
  });

  it('shows the owner how many people see it, who they are, and takes one off', async () => {
    const user = userEvent.setup();
    let people = [
      { id: 'share-1', email: 'friend@example.com', joined: true },
      { id: 'share-2', email: 'later@example.com', joined: false },
    ];
    renderApp({
      path: '/my-photos/shared-albums/s1',
      customer: testCustomer({ id: owner.id, email: owner.email }),
      routes: sharedRoutes(
        { owner, participants: people },
        {
          [`${sharedUrl}/participants`]: () => jsonResponse({ owner, participants: people }),
          [`${sharedUrl}/participants/share-2`]: byMethod({
            DELETE: () => {
              people = people.filter((entry) => entry.id !== 'share-2');
              return jsonResponse(null, 204);
            },
          }),
        },
      ),
    });
    await heading('Lake weekend');
    expect(await screen.findByText(/Shared with 2 people/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Who can see it' }));
    const dialog = screen.getByRole('dialog', { name: 'Shared with' });
    const rows = await within(dialog).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'friend@example.comRemove friend@example.com',
      'later@example.com (Invited, no account yet)Remove later@example.com',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove later@example.com' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText(/Shared with 1 person/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete shared album' }));
    const confirm = screen.getByRole('dialog', { name: 'Stop sharing this album?' });
    expect(confirm).toHaveTextContent('The album and its photos stay yours.');
  });

  it('says when the album is empty, and when it is not shared with the customer', async () => {
    renderApp({
      path: '/my-photos/shared-albums/s1',
      customer: participant,
      routes: sharedRoutes({ owner, participants: [] }, { [timelineUrl]: () => jsonResponse([]) }),
    });
    expect(await screen.findByText('This album is empty')).toBeInTheDocument();
  });

  it('answers an album that is not shared with the customer like one that does not exist', async () => {
    renderApp({
      path: '/my-photos/shared-albums/s2',
      customer: participant,
      routes: {
        [`${shareBase}/shared-albums/s2`]: () =>
          jsonResponse({ error: { code: 'not_found', message: 'no' } }, 404),
      },
    });
    expect(await screen.findByText('This album does not exist, or it is not yours.')).toBeInTheDocument();
  });
});

describe('an own album (issue 23: shared albums are no longer supported)', () => {
  it('offers no way to share it', async () => {
    const albumUrl = `${photosBase}/albums/a1`;
    renderApp({
      path: '/my-photos/albums/a1',
      routes: {
        ...countRoutes(1, 0),
        [albumUrl]: () => jsonResponse(testAlbum('a1', { albumName: 'Rome' })),
        [`${albumUrl}/timeline?sortKey=created&sortOrder=desc`]: () => jsonResponse([]),
      },
    });
    await heading('Rome');
    expect(screen.getByRole('button', { name: 'Add photos' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /share/i })).toBeNull();
  });
});
