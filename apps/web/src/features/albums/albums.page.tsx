import { MyPhotosHeader } from '../../shared/photo-library/my-photos-header';

export function AlbumsPage() {
  return <MyPhotosHeader current="albums" />;
}
