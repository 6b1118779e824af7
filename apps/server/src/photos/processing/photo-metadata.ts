import exifr from 'exifr';
import sharp from 'sharp';
import { isHeifTruncated, readHeifStoredSize } from './heif-container';
import { readImageHead, type ImageInput } from './image-head';
import { detectImageType, type PhotoMimeType } from './image-type';
import { BrokenImageError, UnsupportedImageTypeError } from './processing-errors';

export type ExifOrientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface PhotoMetadata {
  mimeType: PhotoMimeType;
  /** Size as stored, before the orientation is applied. */
  width: number;
  height: number;
  /** Size as the photo is seen, after the orientation is applied: the shape of every derivative. */
  visibleWidth: number;
  visibleHeight: number;
  orientation: ExifOrientation | null;
  /** Local capture time `YYYY-MM-DDTHH:mm:ss` exactly as the camera recorded it; null when there is no real one. */
  dateTaken: string | null;
  /** The camera's UTC offset for `dateTaken`, like `+02:00`, when it recorded one. */
  dateTakenOffset: string | null;
  hasAlpha: boolean;
}

/** The facts of a photo read from its header alone, without decoding the pixels or reading them into memory. */
export async function readPhotoMetadata(input: ImageInput): Promise<PhotoMetadata> {
  const head = await readImageHead(input);
  const mimeType = detectImageType(head.bytes);
  if (!mimeType) throw new UnsupportedImageTypeError();
  // A cut-off JPEG or PNG fails when decoded; a cut-off HEIC would not, so it is caught here.
  if (mimeType === 'image/heic' && (head.truncated || isHeifTruncated(head.bytes, head.size))) {
    throw new BrokenImageError(new Error('The HEIF data runs past the end of the file.'));
  }
  // Only the header is read here, so no pixel limit applies yet: the caller compares the size with its
  // own limit and answers "too large" (a 50,000 x 50,000 PNG is not damaged, it is too big).
  const header = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw new BrokenImageError(error);
    });
  const tags = await readExifTags(header.exif);
  // Editors that drop the EXIF orientation may keep it in XMP; EXIF, the one browsers follow, wins.
  const orientation = parseOrientation(tags.Orientation) ?? parseOrientation(readXmpOrientation(header.xmp));
  // sharp reports a HEIF's size with the container's rotation applied, the one libheif decodes with; the
  // stored size is in the container. Other types turn by their orientation tag.
  const [stored, visible] =
    mimeType === 'image/heic'
      ? [readHeifStoredSize(head.bytes) ?? header, header]
      : [header, isQuarterTurn(orientation) ? { width: header.height, height: header.width } : header];
  // EXIF first (the camera's own record), then what editors and exporters write to XMP.
  const exifDate =
    parseCaptureDate(tags.DateTimeOriginal) ?? parseCaptureDate(readReconyxHyperFireDate(tags.makerNote));
  const captured = exifDate
    ? { local: exifDate.local, offset: parseUtcOffset(tags.OffsetTimeOriginal) }
    : readXmpCaptureDate(header.xmp);
  return {
    mimeType,
    width: stored.width,
    height: stored.height,
    visibleWidth: visible.width,
    visibleHeight: visible.height,
    orientation,
    dateTaken: captured?.local ?? null,
    dateTakenOffset: captured?.offset ?? null,
    hasAlpha: header.hasAlpha,
  };
}

/** Orientations 5..8 turn the picture a quarter, so width and height trade places. */
const isQuarterTurn = (orientation: ExifOrientation | null) => orientation !== null && orientation >= 5;

interface ExifTags {
  DateTimeOriginal?: unknown;
  OffsetTimeOriginal?: unknown;
  Orientation?: unknown;
  makerNote?: unknown;
}

async function readExifTags(exif: Buffer | undefined): Promise<ExifTags> {
  if (!exif) return {};
  // sharp hands over the APP1 payload; exifr wants the TIFF structure that follows its "Exif\0\0" header.
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  try {
    const tags: unknown = await exifr.parse(tiff, {
      pick: ['DateTimeOriginal', 'OffsetTimeOriginal', 'Orientation', 'MakerNote'],
      makerNote: true,
      // Revived dates are Date objects in the process's time zone; the raw strings are the camera's wall clock.
      reviveValues: false,
      translateValues: false,
    });
    return typeof tags === 'object' && tags !== null ? tags : {};
  } catch {
    // A damaged EXIF block must not cost the user a photo that displays fine: it just has no date.
    return {};
  }
}

/** A capture time as recorded: the local wall clock, and its UTC offset when one was written. */
export interface CaptureDate {
  local: string;
  offset: string | null;
}

// EXIF (`2023:07:14 23:30:05`), XMP and ISO 8601 (`2023-07-14T23:30:05.120+02:00`, `2023-07-14`): the
// date, then optionally the time (seconds optional), fractions, and a zone.
const CAPTURE_DATE =
  /^(\d{4})[:-](\d{2})[:-](\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Reads a recorded capture time in any of the forms cameras and editors write. The offset is kept
 * apart, never applied: months are grouped by the local wall clock, as the photo was taken.
 */
export function parseCaptureDate(value: unknown): CaptureDate | null {
  // Cameras pad fixed-size fields with NUL characters.
  const match = typeof value === 'string' ? CAPTURE_DATE.exec(value.replace(/\0+$/, '').trim()) : null;
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', zone] = match;
  const local = `${year}-${month}-${day}T${hour}:${minute}:${second}`;
  // Read as UTC only to check the calendar: cameras with an unset clock write "0000:00:00 00:00:00" or
  // impossible dates, which do not survive the round trip.
  const checked = new Date(`${local}Z`);
  if (Number.isNaN(checked.getTime()) || checked.toISOString().slice(0, 19) !== local) return null;
  // docs/product/photos.md: a photo dated January 1970 (a clock reset to the Unix epoch) has no real taken date.
  if (local.startsWith('1970-01-')) return null;
  return { local, offset: zone ? normaliseOffset(zone) : null };
}

function normaliseOffset(zone: string): string | null {
  if (zone === 'Z') return '+00:00';
  const offset = zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return parseUtcOffset(offset);
}

/**
 * The XMP properties that carry a capture time, in order of trust: the original's own time
 * (`exif:DateTimeOriginal`), the time the content was made (`photoshop:DateCreated`), then when the
 * file was made (`xmp:CreateDate`, which exporters write). Edited and exported photos often keep their
 * date only here, as an attribute of `rdf:Description` or as an element of its own.
 */
const XMP_DATE_PROPERTIES = ['exif:DateTimeOriginal', 'photoshop:DateCreated', 'xmp:CreateDate'];

export function readXmpCaptureDate(xmp: Buffer | undefined): CaptureDate | null {
  if (!xmp) return null;
  const text = xmp.toString('utf8');
  for (const property of XMP_DATE_PROPERTIES) {
    const pattern = new RegExp(`${property}\\s*(?:=\\s*(?:"([^"]*)"|'([^']*)')|>([^<]*)<)`);
    const match = pattern.exec(text);
    const date = match ? parseCaptureDate(match[1] ?? match[2] ?? match[3]) : null;
    if (date) return date;
  }
  return null;
}

/**
 * Reconyx HyperFire trail cameras record the capture time only in their maker note: six little-endian
 * 16-bit words (second, minute, hour, month, day, year) from byte 22, after the version word 0xF101.
 */
function readReconyxHyperFireDate(makerNote: unknown): string | null {
  if (!(makerNote instanceof Uint8Array) || makerNote.length < 34) return null;
  const view = new DataView(makerNote.buffer, makerNote.byteOffset, makerNote.byteLength);
  if (view.getUint16(0, true) !== 0xf101) return null;
  const [second, minute, hour, month, day, year] = [0, 1, 2, 3, 4, 5].map((word) =>
    String(view.getUint16(22 + word * 2, true)).padStart(2, '0'),
  );
  return `${year}:${month}:${day} ${hour}:${minute}:${second}`;
}

const XMP_ORIENTATION = /tiff:Orientation(?:>|=["'])\s*(\d)/;

function readXmpOrientation(xmp: Buffer | undefined): number | null {
  const match = xmp ? XMP_ORIENTATION.exec(xmp.toString('utf8')) : null;
  return match ? Number(match[1]) : null;
}

const UTC_OFFSET = /^[+-](0\d|1[0-4]):[0-5]\d$/;

function parseUtcOffset(value: unknown): string | null {
  return typeof value === 'string' && UTC_OFFSET.test(value.trim()) ? value.trim() : null;
}

function parseOrientation(value: unknown): ExifOrientation | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 8
    ? (value as ExifOrientation)
    : null;
}
