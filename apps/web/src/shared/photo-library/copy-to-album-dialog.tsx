import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { albumNameProblem, albumsApi, type AlbumNameProblem } from '@photo/contracts/albums';
import { useAppEnvironment } from '../environment/app-environment.context';
import { ChoiceGroup } from '../forms/field';
import { FormActions } from '../forms/form-actions';
import { SubmitFailure } from '../forms/submit-failure';
import { useSubmit } from '../forms/use-submit';
import { useI18n } from '../i18n/i18n.context';
import { LoadingIndicator } from '../ui/loading-indicator';
import { AlbumNameField } from './album-name-dialog';
import { ModalDialog } from '../ui/modal-dialog';
import { albumQueries } from './albums.queries';
import { useAddToAlbum } from './use-add-to-album';
import { photoQueries } from './photos.queries';
import './copy-to-album-dialog.css';
import { failureReport } from '../api/error-reporter';

const NEW_ALBUM = 'new';

/**
 * 'Copy to album' (docs/product/photos.md, albums.md): the chosen photos go into one of the customer's albums, or a
 * new one named here (docs/product/validation.md rules, on submit). Albums shared with others are read-only and not
 * offered, nor the album the photos come from. The copy is chunked and retried; the result is a toast.
 */
export function CopyToAlbumDialog({
  photoIds,
  fromAlbumId,
  onCopied,
  onClose,
}: {
  photoIds: readonly string[];
  fromAlbumId?: string;
  onCopied: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { request, flags, reportError } = useAppEnvironment();
  const queryClient = useQueryClient();
  const sharedShown = flags.PhotoManagementSharedAlbumsViewEnabled;
  const albums = useInfiniteQuery(albumQueries.list(request, sharedShown));
  const { add, progress } = useAddToAlbum();
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<AlbumNameProblem | 'unchosen' | undefined>();
  const targets = (albums.data?.pages.flatMap((page) => page.albums) ?? []).filter(
    (album) => album.albumId !== fromAlbumId && !(sharedShown && album.isShared),
  );
  const copy = useSubmit({
    mutationFn: async (chosen: string) => {
      const target =
        chosen === NEW_ALBUM
          ? { albumId: (await request(albumsApi.create, { body: { name } })).albumId, albumName: name }
          : targets.find((album) => album.albumId === chosen)!;
      await add(target, photoIds);
    },
    onSuccess: onCopied,
    onError: (error) => {
      reportError(failureReport('COPY_TO_ALBUM_FAILED', error));
      // A new album may have been made before the copy failed.
      void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
    },
    failureMessage: 'album.error.add',
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = choice === null ? 'unchosen' : choice === NEW_ALBUM ? albumNameProblem(name) : undefined;
    setProblem(found);
    if (!found && choice !== null) copy.mutate(choice);
  };

  return (
    <ModalDialog title={t('copy.title')} onClose={onClose} closable={!copy.isPending}>
      <form onSubmit={submit} noValidate>
        <ChoiceGroup
          legend={t('copy.choose')}
          error={problem === 'unchosen' ? t('copy.choose') : undefined}
          className="copy-to-album__choices"
        >
          {albums.isPending ? (
            <LoadingIndicator label={t('common.loading')} />
          ) : albums.isError ? (
            <p className="alert" role="alert">
              {t('albums.error.load')}
            </p>
          ) : (
            targets.length === 0 && <p>{t('copy.none')}</p>
          )}
          <ul className="copy-to-album__list">
            {targets.map((album) => (
              <li key={album.albumId}>
                <label className="copy-to-album__choice">
                  <input
                    type="radio"
                    name="album"
                    value={album.albumId}
                    checked={choice === album.albumId}
                    onChange={() => setChoice(album.albumId)}
                  />
                  <span className="copy-to-album__name">{album.albumName}</span>
                  <span className="copy-to-album__count">
                    {t('timeline.photoCount', { count: album.photosCount })}
                  </span>
                </label>
              </li>
            ))}
            <li>
              <label className="copy-to-album__choice">
                <input
                  type="radio"
                  name="album"
                  value={NEW_ALBUM}
                  checked={choice === NEW_ALBUM}
                  onChange={() => setChoice(NEW_ALBUM)}
                />
                <span className="copy-to-album__name">{t('copy.newAlbum')}</span>
              </label>
            </li>
          </ul>
          {albums.hasNextPage && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void albums.fetchNextPage()}
              disabled={albums.isFetchingNextPage}
            >
              {t('albums.showMore')}
            </button>
          )}
        </ChoiceGroup>
        {choice === NEW_ALBUM && (
          <AlbumNameField
            name={name}
            onName={setName}
            problem={problem === 'unchosen' ? undefined : problem}
          />
        )}
        <SubmitFailure message={copy.failure} />
        {progress && <p role="status">{t('album.adding', { done: progress.done, total: progress.total })}</p>}
        <FormActions
          placement="dialog"
          submitLabel={t('copy.confirm', { count: photoIds.length })}
          busy={copy.isPending}
          submitDisabled={photoIds.length === 0}
          cancel={{ label: t('photos.cancel'), onClick: onClose }}
        />
      </form>
    </ModalDialog>
  );
}
