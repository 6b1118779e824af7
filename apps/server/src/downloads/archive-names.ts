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

/** Windows refuses these as file names whatever their extension. */
const reservedNames = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
const MAX_NAME_LENGTH = 120;

/**
 * A name every common unzip tool and file system accepts: no folders, no characters Windows or macOS
 * refuse, no control characters, no leading dot (hidden), no trailing dot or space, not too long.
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
  const safeStem = reservedNames.test(stem) ? `${stem}_` : stem;
  const shortened = `${safeStem.slice(0, MAX_NAME_LENGTH - extension.length)}${extension}`;
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
      candidate = `${stem} (${number})${extension}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
