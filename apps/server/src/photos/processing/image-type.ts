import { readFileTypeBrands } from './heif-container';

/** The only types an upload accepts (docs/product/validation.md). */
export type PhotoMimeType = 'image/jpeg' | 'image/png' | 'image/heic';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// HEVC-coded HEIF brands. AVIF files also declare the generic 'mif1', so AV1 brands are ruled out first:
// the decoder cannot read them and docs/product/validation.md does not accept image/avif.
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);
const AV1_BRANDS = new Set(['avif', 'avis']);

/**
 * The real type of an image, from its first bytes and never from its name or the browser's claim;
 * null when it is not one of the accepted types.
 */
export function detectImageType(bytes: Uint8Array): PhotoMimeType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) return 'image/png';
  const brands = readFileTypeBrands(bytes);
  if (brands.some((brand) => AV1_BRANDS.has(brand))) return null;
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'image/heic';
  return null;
}
