import { useParams } from 'react-router';
import { PhotoPreviewFrame } from '../../shared/photo-library/photo-preview-frame';

export function AlbumPhotoPreviewPage() {
  const { id = '' } = useParams();
  return <PhotoPreviewFrame backTo={`/my-photos/albums/${encodeURIComponent(id)}`} />;
}

export function SharedAlbumPhotoPreviewPage() {
  const { id = '' } = useParams();
  return <PhotoPreviewFrame backTo={`/my-photos/shared-albums/${encodeURIComponent(id)}`} />;
}
