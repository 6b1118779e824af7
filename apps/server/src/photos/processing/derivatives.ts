import { readFile } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import type { HeicDecoder } from './heic-decoder-pool';
import type { ImageInput } from './image-head';
import type { ExifOrientation, PhotoMetadata } from './photo-metadata';
import { BrokenImageError, ImageTooLargeError } from './processing-errors';

/** Long-edge sizes of docs/product/limits.md: thumbnails 300 and 800, preview 1300. Largest first: each comes from one decode. */
export const DERIVATIVE_SIZES = [1300, 800, 300] as const;
export type DerivativeSize = (typeof DERIVATIVE_SIZES)[number];

/** Beyond this a decode would need gigabytes; no camera photo comes near it. */
export const DEFAULT_MAX_PIXELS = 150_000_000;

export interface Derivative {
  size: DerivativeSize;
  width: number;
  height: number;
  mimeType: 'image/webp';
  data: Buffer;
}

export interface Derivatives {
  derivatives: Derivative[];
  /** A thumbhash (base64) the browser paints while a thumbnail loads. */
  placeholder: string;
}

export interface DerivativeOptions {
  maxPixels: number;
  heicDecoder: HeicDecoder;
}

// Effort 2 of 6 encodes about twice as fast as the default 4 for files within a few per cent in size
// (see docs/decisions/030).
const WEBP_OPTIONS = { quality: 80, effort: 2 } as const;
// thumbhash accepts at most 100 x 100 pixels.
const PLACEHOLDER_SOURCE_SIZE = 100;

const fitWithin = (size: number) =>
  ({ width: size, height: size, fit: 'inside', withoutEnlargement: true }) as const;

/**
 * Decodes the photo once, upright, and makes every derivative from that single decode. The original
 * bytes are left untouched: the caller keeps them for download.
 */
export async function makeDerivatives(
  input: ImageInput,
  photo: PhotoMetadata,
  options: DerivativeOptions,
): Promise<Derivatives> {
  const pixels = photo.width * photo.height;
  if (pixels > options.maxPixels) throw new ImageTooLargeError(pixels, options.maxPixels);

  // One decode, stopped at the largest derivative; the smaller ones are resized from its pixels instead of
  // decoding the original again.
  const upright = await decodeUpright(input, photo, options);
  const largest = await upright
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      throw new BrokenImageError(error);
    });
  const source = () =>
    sharp(largest.data, {
      raw: { width: largest.info.width, height: largest.info.height, channels: largest.info.channels },
    });

  const [placeholder, ...derivatives] = await Promise.all([
    makePlaceholder(source()),
    ...DERIVATIVE_SIZES.map((size) => encodeDerivative(source(), size)),
  ]);
  return { derivatives, placeholder };
}

/** The photo decoded upright and scaled to fit the largest derivative, not yet run. */
async function decodeUpright(
  input: ImageInput,
  photo: PhotoMetadata,
  options: DerivativeOptions,
): Promise<Sharp> {
  const largestFit = fitWithin(DERIVATIVE_SIZES[0]);
  if (photo.mimeType === 'image/heic') {
    // The HEIC decoder takes bytes: a file is read whole here, within the upload size limit.
    const bytes = typeof input === 'string' ? await readFile(input) : input;
    const { width, height, data } = await options.heicDecoder.decode(bytes);
    const decoded = sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: options.maxPixels });
    // libheif always hands over RGBA; an opaque photo should not carry an alpha plane into its derivatives.
    return (photo.hasAlpha ? decoded : decoded.removeAlpha()).resize(largestFit);
  }
  // From a file, sharp reads only what the decode needs (a JPEG shrinks on load), never the whole file at once.
  const decoded = sharp(input, {
    limitInputPixels: options.maxPixels,
    // Browsers show photos with minor stream warnings, so only a cut-off stream fails: its missing part
    // would otherwise become a grey band in every derivative.
    failOn: 'truncated',
  });
  // Turned after the resize: JPEG then still decodes at a reduced scale, where turning first would cost a
  // full-size rotation (about twice the time for 12 MP). The box is square, so the result is the same.
  return turnUpright(decoded.resize(largestFit), photo.orientation);
}

/**
 * Applies the orientation read from the photo, which may come from XMP, where sharp's auto-orientation
 * only looks at EXIF. sharp mirrors before it rotates, so 5 (transpose) and 7 (transverse) take a flip.
 */
function turnUpright(image: Sharp, orientation: ExifOrientation | null): Sharp {
  switch (orientation) {
    case 2:
      return image.flop();
    case 3:
      return image.rotate(180);
    case 4:
      return image.flip();
    case 5:
      return image.rotate(90).flip();
    case 6:
      return image.rotate(90);
    case 7:
      return image.rotate(270).flip();
    case 8:
      return image.rotate(270);
    default:
      return image;
  }
}

async function encodeDerivative(source: Sharp, size: DerivativeSize): Promise<Derivative> {
  const { data, info } = await source
    .resize(fitWithin(size))
    .webp(WEBP_OPTIONS)
    .toBuffer({ resolveWithObject: true });
  return { size, width: info.width, height: info.height, mimeType: 'image/webp', data };
}

async function makePlaceholder(source: Sharp): Promise<string> {
  const { data, info } = await source
    .resize(fitWithin(PLACEHOLDER_SOURCE_SIZE))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
}
