import type { FeatureFlagName } from '@photo/contracts/app-config';
import { useAppEnvironment } from '../environment/app-environment.context';
import { useT } from '../i18n/i18n.context';
import type { MessageId } from '../i18n/translator';
import { AppLink } from '../routing/app-link';
import { useAppQuery } from '../routing/use-app-query';
import { PageHeading } from '../ui/page-heading';
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
 * The head of the 'My photos' pages (spec 2.2): a back link to the account on small screens (not
 * when embedded), the heading, and the Photos/Albums tabs, each shown only when its flag is on.
 */
export function MyPhotosHeader({
  current,
  photosCount,
  albumsCount,
}: {
  current: LibraryView;
  /** Spec 2.2: tabs show counts, '-' while unknown. */
  photosCount?: number | undefined;
  albumsCount?: number | undefined;
}) {
  const t = useT();
  const counts: Record<LibraryView, number | undefined> = { photos: photosCount, albums: albumsCount };
  const { flags } = useAppEnvironment();
  const { stripped } = useAppQuery();
  return (
    <div className="my-photos-header">
      {!stripped && (
        <AppLink className="my-photos-header__back" to="/">
          {t('myPhotos.backToAccount')}
        </AppLink>
      )}
      <PageHeading title={t('title.myPhotos')} />
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
    </div>
  );
}
