import { downloadTranslator } from './download-messages';

/** What an archive entry's name is made from. */
export interface NamedPhoto {
  /** `YYYY-MM-DDTHH:mm:ss`, local to where the photo was taken; null when it has no real date. */
  takenLocal: string | null;
  mimeType: string;
  localFileName: string;
}

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
};

/**
 * Windows refuses these as file names, whatever follows the first dot and with spaces before it
 * ('nul.tar.gz', 'COM1 .jpg'), the serial and printer ports with superscript digits too ('LPT¹').
 */
const reservedNames = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³]) *$/i;
/** Most file systems (ext4, APFS, NTFS, the zip tools') allow 255 bytes of UTF-8 to a name. */
const MAX_NAME_BYTES = 255;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/**
 * The longest start of `text` that takes at most `maxBytes` of UTF-8, cut between characters as a
 * reader sees them: never inside a surrogate pair, an emoji sequence or a letter with its accents.
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  let kept = '';
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    bytes += utf8Bytes(segment);
    if (bytes > maxBytes) break;
    kept += segment;
  }
  return kept;
}

/** The stem (before the extension) shortened so that the whole name fits in 255 bytes. */
function fitted(stem: string, extension: string): string {
  return `${truncateUtf8(stem, MAX_NAME_BYTES - utf8Bytes(extension)).trimEnd()}${extension}`;
}

/**
 * A name every common unzip tool and file system accepts: no folders, no characters Windows or macOS
 * refuse, no control characters, no leading dot (hidden), no trailing dot or space, no name Windows
 * reserves for a device, at most 255 bytes of UTF-8.
 */
export function sanitizeFileName(name: string, fallback = 'photo'): string {
  const cleaned = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what is being removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .trim();
  const dot = cleaned.lastIndexOf('.');
  const stem = dot > 0 ? cleaned.slice(0, dot) : cleaned;
  const extension = dot > 0 ? cleaned.slice(dot) : '';
  const firstDot = cleaned.indexOf('.');
  const device = firstDot > 0 ? cleaned.slice(0, firstDot) : cleaned;
  // The suffix goes right after the device name, so 'nul.tar.gz' becomes 'nul_.tar.gz'.
  const safeStem = reservedNames.test(device) ? `${device.trimEnd()}_${stem.slice(device.length)}` : stem;
  const shortened = fitted(safeStem, extension);
  return shortened === '' || shortened.startsWith('.') ? fallback : shortened;
}

/** `2024-08-17 14.03.22.jpg`: the local time the photo was taken; the upload's name when it has none. */
export function baseEntryName(photo: NamedPhoto): string {
  const extension = extensions[photo.mimeType] ?? 'jpg';
  if (!photo.takenLocal) return sanitizeFileName(photo.localFileName, `photo.${extension}`);
  const [date, time = '00:00:00'] = photo.takenLocal.split('T');
  return `${date} ${time.slice(0, 8).replaceAll(':', '.')}.${extension}`;
}

/**
 * Unique names for the entries of one archive, in order: a clash gets ` (2)`, ` (3)` … before its
 * extension. Clashes are judged without case, as Windows and macOS file systems do.
 */
export function uniqueEntryNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const extension = dot > 0 ? name.slice(dot) : '';
    let candidate = name;
    for (let number = 2; taken.has(candidate.toLowerCase()); number += 1) {
      // A name already at the limit gives up the end of its stem to the number, not the number.
      candidate = fitted(stem, ` (${number})${extension}`);
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The name a downloaded archive is saved under, for the person who keeps it: what they called it
 * ('My data', chosen in their language by the web app) or 'Photos' in the language they asked in,
 * and the day it was made, 'Photos 2026-11-26.zip'. The date is the UTC day, written as ISO dates
 * are, so archives sort by it in any language.
 */
export function archiveDownloadName(download: {
  name: string | null;
  locale: string;
  createdAt: string;
}): string {
  const label = download.name ?? downloadTranslator(download.locale)('archive.photos');
  return sanitizeFileName(`${label} ${download.createdAt.slice(0, 10)}.zip`, 'photos.zip');
}
