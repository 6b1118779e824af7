import type { Photo } from '@photo/contracts/photos';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { thumbnailOf } from '../../shared/timeline/photo-tile';
import { thumbnailSizeForScreen } from '../../shared/ui/screen';
import { ALBUM_DATE } from './created-text';

export function coverUrl(cover: Photo | null): string | undefined {
  if (!cover) return undefined;
  return thumbnailOf(cover, thumbnailSizeForScreen())?.url;
}

/** One album in a list (docs/product/albums.md): cover, name, photo count and 'Created {date}'. */
export function AlbumTile({
  to,
  name,
  cover,
  photosCount,
  created,
}: {
  to: string;
  name: string;
  cover: Photo | null;
  photosCount: number;
  created: string;
}) {
  const i18n = useI18n();
  const src = coverUrl(cover);
  return (
    <li className="album-tile">
      <AppLink to={to} className="album-tile__link">
        <span className="album-tile__cover" style={{ backgroundColor: cover?.placeholder }}>
          {src && <img src={src} alt="" decoding="async" />}
        </span>
        <span className="album-tile__name">{name}</span>
        <span className="album-tile__meta">
          {i18n.t('timeline.photoCount', { count: photosCount })}
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">, </span>
          {i18n.t('album.createdOn', { date: i18n.formatDate(created, ALBUM_DATE) })}
        </span>
      </AppLink>
    </li>
  );
}
