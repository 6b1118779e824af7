import { useQuery } from '@tanstack/react-query';
import type { FeatureFlagName } from '@photo/contracts/app-config';
import { useAppEnvironment } from '../environment/app-environment.context';
import { useT } from '../i18n/i18n.context';
import type { MessageId } from '../i18n/translator';
import { AppLink } from '../routing/app-link';
import { useAppQuery } from '../routing/use-app-query';
import { ReactivationBanner } from '../storage-period/reactivation-banner';
import { PageHeading } from '../ui/page-heading';
import { photoQueries } from './photos.queries';
import './my-photos-header.css';

type LibraryView = 'photos' | 'albums';

const views: { id: LibraryView; to: string; titleId: MessageId; flag: FeatureFlagName }[] = [
  {
    id: 'photos',
    to: '/my-photos/photos',
    titleId: 'title.photos',
    flag: 'PhotoManagementTimelineViewEnabled',
  },
  { id: 'albums', to: '/my-photos/albums', titleId: 'title.albums', flag: 'PhotoManagementAlbumViewEnabled' },
];

/**
 * The Albums tab's count (docs/product/photos.md): the customer's own albums plus the albums shared with them
 * (when shared albums are shown at all); unknown until both are known.
 */
export function useAlbumsCount(): number | undefined {
  const { flags, request } = useAppEnvironment();
  const sharedShown = flags.PhotoManagementSharedAlbumsViewEnabled;
  const info = useQuery(photoQueries.userInfo(request));
  const shared = useQuery({ ...photoQueries.sharedCounts(request), enabled: sharedShown });
  if (!info.data) return undefined;
  if (!sharedShown) return info.data.albumsCount;
  return shared.data ? info.data.albumsCount + shared.data.readAlbumsCount : undefined;
}

/**
 * The head of the 'My photos' pages (docs/product/photos.md): a back link to the account on small screens (not
 * when embedded), the heading, the storage reactivation banner (decision 087), the Photos/Albums tabs, each shown only when its flag is on, and the
 * way to the customer's downloads.
 */
export function MyPhotosHeader({
  current,
  photosCount,
}: {
  current: LibraryView;
  /** The grid's own count when it knows better than the library's counts (it loaded the index). */
  photosCount?: number | undefined;
}) {
  const t = useT();
  const { flags, request } = useAppEnvironment();
  const info = useQuery(photoQueries.userInfo(request));
  const albumsCount = useAlbumsCount();
  // docs/product/photos.md: tabs show counts, '-' while unknown.
  const counts: Record<LibraryView, number | undefined> = {
    photos: photosCount ?? info.data?.photosCount,
    albums: albumsCount,
  };
  const { stripped } = useAppQuery();
  return (
    <div className="my-photos-header">
      {!stripped && (
        <AppLink className="my-photos-header__back" to="/">
          {t('myPhotos.backToAccount')}
        </AppLink>
      )}
      <PageHeading title={t('title.myPhotos')} />
      <ReactivationBanner />
      <div className="my-photos-header__bar">
        <nav aria-label={t('myPhotos.views')}>
          <ul className="my-photos-header__tabs">
            {views
              .filter((view) => flags[view.flag])
              .map((view) => (
                <li key={view.id}>
                  <AppLink to={view.to} aria-current={view.id === current ? 'page' : undefined}>
                    {t(view.titleId)}{' '}
                    <span className="my-photos-header__count">({counts[view.id] ?? '-'})</span>
                  </AppLink>
                </li>
              ))}
          </ul>
        </nav>
        {/* The side menu of docs/product/routes.md has no Downloads item: archives are reached from the photo pages. */}
        <AppLink className="my-photos-header__downloads" to="/downloads">
          {t('myPhotos.downloadsLink')}
        </AppLink>
      </div>
    </div>
  );
}
