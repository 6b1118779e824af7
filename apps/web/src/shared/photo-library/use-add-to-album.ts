import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAppEnvironment } from '../environment/app-environment.context';
import { useI18n } from '../i18n/i18n.context';
import { refreshStoresOf } from '../timeline/timeline-store';
import { useToasts } from '../ui/toasts';
import { addPhotosToAlbum, albumSourceId } from './album-photos';
import { photoQueries } from './photos.queries';
import { failureReport } from '../api/error-reporter';

export interface AlbumTarget {
  albumId: string;
  albumName: string;
}

/**
 * Puts photos into an album (copy to album, 'Add photos' from the library): chunked and retried,
 * with progress while it runs, the result as a toast, and the album's grid and counts refreshed.
 * Rejects when it fails (reported), so the dialog that asked can say so.
 */
export function useAddToAlbum() {
  const { t } = useI18n();
  const toasts = useToasts();
  const { request, reportError } = useAppEnvironment();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const add = async (album: AlbumTarget, photoIds: readonly string[]): Promise<void> => {
    const total = photoIds.length;
    setProgress({ done: 0, total });
    try {
      const added = await addPhotosToAlbum(request, album.albumId, photoIds, (done) =>
        setProgress({ done: done.length, total }),
      );
      toasts.show({
        message: t('album.added', { count: added.length, albumName: album.albumName }),
        tone: 'success',
      });
    } catch (error) {
      reportError(failureReport('ADD_TO_ALBUM_FAILED', error));
      throw error;
    } finally {
      setProgress(null);
      refreshStoresOf(albumSourceId(album.albumId));
      void queryClient.invalidateQueries({ queryKey: photoQueries.all() });
    }
  };

  return { add, progress };
}
