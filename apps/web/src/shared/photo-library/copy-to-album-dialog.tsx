import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  ALBUM_NAME_MAX_LENGTH,
  albumNameProblem,
  albumsApi,
  type AlbumNameProblem,
} from '@photo/contracts/albums';
import { useAppEnvironment } from '../environment/app-environment.context';
import { useI18n } from '../i18n/i18n.context';
import { LoadingIndicator } from '../ui/loading-indicator';
import { ModalDialog } from '../ui/modal-dialog';
import { albumQueries } from './albums.queries';
import { useAddToAlbum } from './use-add-to-album';
import { photoQueries } from './photos.queries';
import './copy-to-album-dialog.css';
import { failureReport } from '../api/error-reporter';

const NEW_ALBUM = 'new';

/**
 * 'Copy to album' (spec 2.2, 2.3, 2.4): the chosen photos go into one of the customer's albums, or a
 * new one named here (spec 5 rules, on submit). Albums shared with others are read-only and not
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
  const [failed, setFailed] = useState(false);
  const nameErrorId = useId();
  const targets = (albums.data?.pages.flatMap((page) => page.albums) ?? []).filter(
    (album) => album.albumId !== fromAlbumId && !(sharedShown && album.isShared),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = choice === null ? 'unchosen' : choice === NEW_ALBUM ? albumNameProblem(name) : undefined;
    setProblem(found);
    if (found || choice === null) return;
    setFailed(false);
    try {
      const target =
        choice === NEW_ALBUM
          ? { albumId: (await request(albumsApi.create, { body: { name } })).albumId, albumName: name }
          : targets.find((album) => album.albumId === choice)!;
      await add(target, photoIds);
      onCopied();
    } catch (error) {
      reportError(failureReport('COPY_TO_ALBUM_FAILED', error));
      void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
      setFailed(true);
    }
  };

  return (
    <ModalDialog title={t('copy.title')} onClose={onClose} closable={!progress}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset
          className="copy-to-album__choices"
          aria-describedby={problem === 'unchosen' ? nameErrorId : undefined}
        >
          <legend className="field__label">{t('copy.choose')}</legend>
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
        </fieldset>
        {choice === NEW_ALBUM && (
          <label className="field">
            <span className="field__label">{t('album.name.label')}</span>
            <input
              className="field__input"
              value={name}
              placeholder={t('album.name.placeholder')}
              maxLength={ALBUM_NAME_MAX_LENGTH}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={problem === 'required' || problem === 'invalid'}
              aria-describedby={problem ? nameErrorId : undefined}
              autoComplete="off"
            />
          </label>
        )}
        {problem && (
          <p id={nameErrorId} className="field__error">
            {t(
              problem === 'unchosen'
                ? 'copy.choose'
                : problem === 'required'
                  ? 'album.name.required'
                  : 'album.name.invalid',
            )}
          </p>
        )}
        {failed && (
          <p className="alert" role="alert">
            {t('album.error.add')}
          </p>
        )}
        {progress && <p role="status">{t('album.adding', { done: progress.done, total: progress.total })}</p>}
        <div className="modal-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose} disabled={!!progress}>
            {t('photos.cancel')}
          </button>
          <button type="submit" className="button" disabled={!!progress || photoIds.length === 0}>
            {t('copy.confirm', { count: photoIds.length })}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
