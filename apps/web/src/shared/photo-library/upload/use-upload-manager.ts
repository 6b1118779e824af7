import { photosApi } from '@photo/contracts/photos';
import { useAppEnvironment } from '../../environment/app-environment.context';
import { uploadManager, type UploadManager } from './upload-manager';

/** The page's one upload manager, pointed at this storefront's upload and photo services. */
export function useUploadManager(): UploadManager {
  const { config, request } = useAppEnvironment();
  uploadManager.configure(config.apiBaseUrls.upload, (photoId) =>
    request(photosApi.get, { params: { photoId } }),
  );
  return uploadManager;
}
