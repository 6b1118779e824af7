import { DEFAULT_MAX_PIXELS, makeDerivatives, type Derivative } from './derivatives';
import { createHeicDecoderPool, type HeicDecoder, type HeicDecoderPool } from './heic-decoder-pool';
import type { ImageInput } from './image-head';
import { readPhotoMetadata, type PhotoMetadata } from './photo-metadata';

export interface ProcessPhotoOptions {
  /** Largest accepted width x height; defaults to {@link DEFAULT_MAX_PIXELS}. */
  maxPixels?: number;
  /** Defaults to one pool shared by the process, started on the first HEIC. */
  heicDecoder?: HeicDecoder;
}

export type ProcessedPhoto = Omit<PhotoMetadata, 'hasAlpha'> & {
  placeholder: string;
  derivatives: Derivative[];
};

let sharedHeicDecoder: HeicDecoderPool | undefined;

/**
 * Turns an upload (its bytes, or better the file that holds them) into its facts and derivatives. A
 * photo that cannot be processed throws a `PhotoProcessingError`: UnsupportedImageTypeError,
 * BrokenImageError or ImageTooLargeError.
 */
export async function processPhoto(
  input: ImageInput,
  options: ProcessPhotoOptions = {},
): Promise<ProcessedPhoto> {
  const photo = await readPhotoMetadata(input);
  const { derivatives, placeholder } = await makeDerivatives(input, photo, {
    maxPixels: options.maxPixels ?? DEFAULT_MAX_PIXELS,
    heicDecoder: options.heicDecoder ?? (sharedHeicDecoder ??= createHeicDecoderPool()),
  });
  const { hasAlpha: _hasAlpha, ...facts } = photo;
  return { ...facts, placeholder, derivatives };
}
