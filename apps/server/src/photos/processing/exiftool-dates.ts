import { ExifTool, type Tags } from 'exiftool-vendored';
import { parseCaptureDate, type CaptureDate } from './photo-metadata';

/**
 * Where ExifTool may find a capture time the fast reader missed, in order of trust: its composite
 * DateTimeOriginal (which it also builds from maker notes such as Olympus, Canon CIFF or Kodak), IPTC's
 * date and time created, EXIF's digitised time, then the older or format-specific creation times
 * (IPTC digital creation, PNG's 'Creation Time'). Modification times are never a capture time.
 */
const DATE_TAGS = [
  'DateTimeOriginal',
  'SubSecDateTimeOriginal',
  'DateTimeCreated',
  'CreateDate',
  'DigitalCreationDateTime',
  'DateCreated',
  'CreationTime',
] as const;

/** The raw text ExifTool read for a tag (its date objects keep it), or the value itself. */
function rawText(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && 'rawValue' in value) return value.rawValue;
  return value;
}

export function captureDateFromTags(tags: Tags): CaptureDate | null {
  const values = tags as Record<string, unknown>;
  for (const name of DATE_TAGS) {
    const date = parseCaptureDate(rawText(values[name]));
    if (date) return date;
  }
  return null;
}

export interface CaptureDateReader {
  /** The capture time ExifTool finds in the file (it reads the type from the content). */
  read(filePath: string): Promise<CaptureDate | null>;
  close(): Promise<void>;
}

/**
 * The slow, thorough reader, for photos the fast one found no date in. One long-lived ExifTool
 * process for the whole app (started on first use, ended with the app), reading the file the
 * processing job already has on disk. It runs in the processing job, never while an upload waits.
 */
export function createExifToolDateReader(): CaptureDateReader {
  let exiftool: ExifTool | undefined;
  return {
    async read(filePath) {
      exiftool ??= new ExifTool({ maxProcs: 1, taskTimeoutMillis: 30_000 });
      try {
        return captureDateFromTags(await exiftool.read(filePath));
      } catch {
        // A file ExifTool cannot read has no date for it either; the photo stays undated.
        return null;
      }
    },
    async close() {
      await exiftool?.end().catch(() => undefined);
    },
  };
}
