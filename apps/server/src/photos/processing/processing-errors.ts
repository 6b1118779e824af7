/**
 * Why a photo cannot be processed. Messages name the problem in plain words; the caller adds the file
 * name and maps `code` to its own answer (an upload route to 415/422/413, a job to a per-file error).
 */
export type PhotoProcessingErrorCode = 'unsupported_image_type' | 'broken_image' | 'image_too_large';

export abstract class PhotoProcessingError extends Error {
  abstract readonly code: PhotoProcessingErrorCode;
}

export class UnsupportedImageTypeError extends PhotoProcessingError {
  readonly code = 'unsupported_image_type';
  override readonly name = 'UnsupportedImageTypeError';

  constructor() {
    super('The file is not a JPEG, PNG or HEIC image.');
  }
}

export class BrokenImageError extends PhotoProcessingError {
  readonly code = 'broken_image';
  override readonly name = 'BrokenImageError';

  constructor(cause: unknown) {
    super('The image is damaged or incomplete and cannot be read.', { cause });
  }
}

export class ImageTooLargeError extends PhotoProcessingError {
  readonly code = 'image_too_large';
  override readonly name = 'ImageTooLargeError';

  constructor(
    readonly pixels: number,
    readonly maxPixels: number,
  ) {
    super(
      `The image has ${formatMegapixels(pixels)} megapixels; at most ${formatMegapixels(maxPixels)} are accepted.`,
    );
  }
}

const formatMegapixels = (pixels: number) => String(Math.round(pixels / 100_000) / 10);
