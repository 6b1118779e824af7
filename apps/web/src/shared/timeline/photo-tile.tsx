import { memo } from 'react';
import type { Photo } from '@photo/contracts/photos';
import { useI18n } from '../i18n/i18n.context';
import { takenOnDate } from './month-title';
import { useThumbnail } from './use-thumbnail';

export interface PhotoTileProps {
  photo: Photo | undefined;
  x: number;
  y: number;
  size: number;
  thumbnailSize: 300 | 800;
  selecting: boolean;
  selected: boolean;
  onActivate: (photo: Photo) => void;
}

/** A photo's thumbnail of this size (docs/product/limits.md), or its first where it has none of it. */
export function thumbnailOf(photo: Photo, size: 300 | 800): Photo['thumbnails'][number] | undefined {
  return photo.thumbnails.find((candidate) => candidate.url.endsWith(`/${size}`)) ?? photo.thumbnails[0];
}

/** One square of the grid: a thumbnail, or a quiet placeholder while its section loads. */
export const PhotoTile = memo(function PhotoTile(props: PhotoTileProps) {
  const { photo, x, y, size, thumbnailSize, selecting, selected } = props;
  const i18n = useI18n();
  const position = { transform: `translate(${x}px, ${y}px)`, width: size, height: size };
  if (!photo)
    return <div className="timeline__tile timeline__tile--loading" style={position} aria-hidden="true" />;
  const thumbnail = thumbnailOf(photo, thumbnailSize);
  // docs/product/photos.md: no 'Taken on' for a photo without a real taken date (the server drops January 1970).
  const takenOn = photo.dateTaken
    ? i18n.t('timeline.takenOn', { date: takenOnDate(i18n, photo.dateTaken) })
    : undefined;
  const label = selecting
    ? i18n.t('timeline.selectPhoto', { name: photo.localFileName })
    : i18n.t('timeline.openPhoto', { name: photo.localFileName });
  return (
    <button
      type="button"
      className={`timeline__tile${selected ? ' timeline__tile--selected' : ''}`}
      style={{ ...position, backgroundColor: photo.placeholder }}
      title={takenOn}
      aria-label={takenOn ? `${label}, ${takenOn}` : label}
      aria-pressed={selecting ? selected : undefined}
      data-image-id={photo.imageId}
      onClick={() => props.onActivate(photo)}
    >
      {thumbnail && <Thumbnail url={thumbnail.url} />}
      {photo.status === 'failed' && (
        <span className="timeline__tile-badge">{i18n.t('timeline.processingFailed')}</span>
      )}
      {selecting && <span className="timeline__tile-check" aria-hidden="true" />}
    </button>
  );
});

function Thumbnail({ url }: { url: string }) {
  const src = useThumbnail(url);
  // No loading="lazy": only tiles near the viewport exist, so it would only add the browser's lazy-load
  // observer to every image (see bench/README.md, timeline in the browser).
  return src ? <img src={src} alt="" decoding="async" draggable={false} /> : null;
}
