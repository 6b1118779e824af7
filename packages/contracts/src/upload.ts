import { z } from 'zod/mini';
import { PhotoSchema } from './photos';

/** Accepted upload types (docs/product/validation.md), judged by the server from the file's content. */
export const acceptedUploadTypes = ['image/jpeg', 'image/png', 'image/heic'] as const;
export const MAX_UPLOAD_MEGABYTES = 200;

/** tus endpoint below the upload service's base URL. */
export const UPLOAD_FILES_PATH = '/files';

/** What the last PATCH of a finished upload answers. */
export const UploadResultSchema = z.object({
  duplicate: z.boolean(),
  photo: PhotoSchema,
});
export type UploadResult = z.infer<typeof UploadResultSchema>;
