import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';
import { albumsApi } from '@photo/contracts/albums';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AlbumNameDialog } from '../../shared/photo-library/album-name-dialog';
import { albumQueries } from '../../shared/photo-library/albums.queries';
import { MyPhotosHeader } from '../../shared/photo-library/my-photos-header';
import { useAppNavigate } from '../../shared/routing/app-link';
import { LoadingIndicator } from '../../shared/ui/loading-indicator';
import { useLoadMoreWhenVisible } from '../../shared/ui/use-load-more-when-visible';
import { photoQueries } from '../../shared/photo-library/photos.queries';
import { albumPath, sharedAlbumPath } from './album-paths';
import { AlbumTile } from './album-tile';
import { sharedAlbumQueries } from './shared-albums.queries';
import './albums.css';

const itemsOf = <Page, Item>(data: InfiniteData<Page> | undefined, pick: (page: Page) => Item[]): Item[] =>
  data?.pages.flatMap(pick) ?? [];

/** 'Albums' (docs/product/albums.md): the 'New album' tile, the customer's albums, and the albums shared with them. */
export function AlbumsPage() {
  const { t } = useI18n();
  const { request, flags } = useAppEnvironment();
  const navigate = useAppNavigate();
  const sharedShown = flags.PhotoManagementSharedAlbumsViewEnabled;
  const albums = useInfiniteQuery(albumQueries.list(request, sharedShown));
  const shared = useInfiniteQuery({ ...sharedAlbumQueries.list(request), enabled: sharedShown });
  const [creating, setCreating] = useState(false);
  const own = itemsOf(albums.data, (page) => page.albums);
  const sharedWithMe = itemsOf(shared.data, (page) => page.albums);

  const loadMore = () => {
    if (albums.hasNextPage && !albums.isFetchingNextPage) void albums.fetchNextPage();
  };
  const sentinel = useLoadMoreWhenVisible(loadMore, albums.hasNextPage);

  return (
    <div className="albums-page">
      <MyPhotosHeader current="albums" />
      <section className="albums-page__section" aria-labelledby="my-albums-title">
        <h2 id="my-albums-title" className="albums-page__title">
          {t('albums.mine')}
        </h2>
        {albums.isError ? (
          <p className="albums-page__error" role="alert">
            {t('albums.error.load')}
          </p>
        ) : albums.isPending ? (
          <LoadingIndicator label={t('common.loading')} />
        ) : (
          <>
            <ul className="album-grid">
              <li className="album-tile album-tile--new">
                <button type="button" className="album-tile__link" onClick={() => setCreating(true)}>
                  <span className="album-tile__cover album-tile__cover--new" aria-hidden="true">
                    +
                  </span>
                  <span className="album-tile__name">{t('albums.new')}</span>
                </button>
              </li>
              {own.map((album) => (
                <AlbumTile
                  key={album.albumId}
                  to={
                    sharedShown && album.isShared ? sharedAlbumPath(album.albumId) : albumPath(album.albumId)
                  }
                  name={album.albumName}
                  cover={album.coverPhoto}
                  photosCount={album.photosCount}
                  created={album.created}
                />
              ))}
            </ul>
            {own.length === 0 && <p className="albums-page__empty">{t('albums.empty')}</p>}
            {albums.hasNextPage && (
              <div ref={sentinel} className="albums-page__more">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={loadMore}
                  disabled={albums.isFetchingNextPage}
                >
                  {t('albums.showMore')}
                </button>
              </div>
            )}
            {albums.isFetchNextPageError && (
              <p className="albums-page__error" role="alert">
                {t('albums.error.load')}
              </p>
            )}
          </>
        )}
      </section>
      {sharedShown &&
        (shared.isError ? (
          <p className="albums-page__error" role="alert">
            {t('albums.error.loadShared')}
          </p>
        ) : (
          sharedWithMe.length > 0 && (
            <section className="albums-page__section" aria-labelledby="shared-albums-title">
              <h2 id="shared-albums-title" className="albums-page__title">
                {t('albums.sharedWithYou')}
              </h2>
              <ul className="album-grid">
                {sharedWithMe.map((album) => (
                  <AlbumTile
                    key={album.albumId}
                    to={sharedAlbumPath(album.albumId)}
                    name={album.albumName}
                    cover={album.coverPhoto}
                    photosCount={album.photosCount}
                    created={album.created}
                  />
                ))}
              </ul>
              {shared.hasNextPage && (
                <div className="albums-page__more">
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => void shared.fetchNextPage()}
                    disabled={shared.isFetchingNextPage}
                  >
                    {t('albums.showMore')}
                  </button>
                </div>
              )}
            </section>
          )
        ))}
      {creating && (
        <AlbumNameDialog
          title={t('albums.new')}
          submitLabel={t('albums.create')}
          onSubmit={(name) => request(albumsApi.create, { body: { name } })}
          invalidates={[photoQueries.all()]}
          onSaved={({ albumId }) => {
            setCreating(false);
            navigate(albumPath(albumId));
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </div>
  );
}
