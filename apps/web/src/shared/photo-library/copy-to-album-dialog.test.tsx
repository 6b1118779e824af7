import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { albumsApi, type Album } from '@photo/contracts/albums';
import { createQueryClient } from '../api/query-client';
import { AppProviders, enTranslator, polyfillDialog, testEnvironment } from '../../test/fixtures';
import { CopyToAlbumDialog } from './copy-to-album-dialog';

beforeAll(polyfillDialog);

const album = (albumId: string, albumName: string, isShared = false): Album => ({
  albumId,
  albumName,
  coverPhoto: null,
  photosCount: 2,
  created: '2026-11-01T10:00:00Z',
  updated: '2026-11-01T10:00:00Z',
  userId: 'c-1',
  isShared,
});

function renderDialog(photoIds: string[], fromAlbumId?: string) {
  const added: Array<{ albumId: string; photoIds: string[] }> = [];
  const created: string[] = [];
  const request = vi.fn(
    async (endpoint: unknown, input: { params?: { albumId: string }; body?: unknown }) => {
      if (endpoint === albumsApi.list) {
        return {
          albums: [album('a1', 'Rome'), album('a2', 'Garden'), album('a3', 'Shared trip', true)],
          cursor: null,
        };
      }
      if (endpoint === albumsApi.create) {
        created.push((input.body as { name: string }).name);
        return { albumId: 'new-1' };
      }
      if (endpoint === albumsApi.addPhotos) {
        added.push({
          albumId: input.params!.albumId,
          photoIds: (input.body as { photoIds: string[] }).photoIds,
        });
        return { failed: [] };
      }
      throw new Error('unexpected call');
    },
  );
  const onCopied = vi.fn();
  render(
    <AppProviders
      environment={testEnvironment(request)}
      queryClient={createQueryClient()}
      translator={enTranslator}
    >
      <CopyToAlbumDialog
        photoIds={photoIds}
        {...(fromAlbumId ? { fromAlbumId } : {})}
        onCopied={onCopied}
        onClose={vi.fn()}
      />
    </AppProviders>,
  );
  return { added, created, onCopied };
}

describe('copy to album', () => {
  it('offers the other albums, not the one the photos are in nor one shared with others', async () => {
    renderDialog(['p1'], 'a1');
    const dialog = screen.getByRole('dialog', { name: 'Copy to album' });
    const group = within(dialog).getByRole('group', { name: 'Choose an album' });
    await within(group).findByRole('radio', { name: /Garden/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['Garden2 photos', 'New album']);
  });

  it('asks for an album first, then copies the photos into it with the result toast', async () => {
    const user = userEvent.setup();
    const { added, onCopied } = renderDialog(['p1', 'p2']);
    const dialog = screen.getByRole('dialog', { name: 'Copy to album' });
    await user.click(within(dialog).getByRole('button', { name: 'Copy 2 photos' }));
    expect(within(dialog).getByText('Choose an album', { selector: 'p' })).toBeInTheDocument();
    await user.click(await within(dialog).findByRole('radio', { name: /Rome/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy 2 photos' }));
    await waitFor(() => expect(onCopied).toHaveBeenCalled());
    expect(added).toEqual([{ albumId: 'a1', photoIds: ['p1', 'p2'] }]);
    expect(screen.getByText('2 photos added to Rome')).toBeInTheDocument();
  });

  it('creates a new album by the docs/product/validation.md name rules, then copies into it', async () => {
    const user = userEvent.setup();
    const { added, created, onCopied } = renderDialog(['p1']);
    const dialog = screen.getByRole('dialog', { name: 'Copy to album' });
    await user.click(await within(dialog).findByRole('radio', { name: 'New album' }));
    await user.click(within(dialog).getByRole('button', { name: 'Copy 1 photo' }));
    expect(within(dialog).getByText('Please give your album a name')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Album name' }), 'a>b');
    await user.click(within(dialog).getByRole('button', { name: 'Copy 1 photo' }));
    expect(within(dialog).getByText('Name not valid')).toBeInTheDocument();
    expect(created).toEqual([]);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Album name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Album name' }), 'Best of 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Copy 1 photo' }));
    await waitFor(() => expect(onCopied).toHaveBeenCalled());
    expect(created).toEqual(['Best of 2026']);
    expect(added).toEqual([{ albumId: 'new-1', photoIds: ['p1'] }]);
    expect(screen.getByText('1 photo added to Best of 2026')).toBeInTheDocument();
  });
});
