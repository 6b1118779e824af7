import { photosApi } from '@photo/contracts/photos';
import { useAppEnvironment } from '../../environment/app-environment.context';
import { uploadManager, type UploadManager } from './upload-manager';
import { useUploadPlacementToasts } from './use-upload-placement-toasts';

/**
 * The page's one upload manager, pointed at this storefront's upload and photo services; while the
 * page is open, a finished upload says where its photos went (decision 145).
 */
export function useUploadManager(): UploadManager {
  const { config, request } = useAppEnvironment();
  uploadManager.configure(config.apiBaseUrls.upload, (photoId) =>
    request(photosApi.get, { params: { photoId } }),
  );
  useUploadPlacementToasts();
  return uploadManager;
}
