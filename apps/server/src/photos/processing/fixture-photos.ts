import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** What ExifTool reads from each real photo in the shared fixtures (see their README). */
export interface ExifToolReading {
  mimeType: string;
  dateTimeOriginal: string | null;
  offsetTimeOriginal: string | null;
  orientation: number | null;
  width: number | null;
  height: number | null;
}

const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

// The real photos stay outside the repository (their licences travel with them): tests that need them
// skip where the folder is absent.
export const fixturesDir = path.resolve(repositoryRoot, '../shared/fixtures/photos');
export const hasFixtures = existsSync(path.join(fixturesDir, 'expected.json'));

export const exifToolReadings: Record<string, ExifToolReading> = hasFixtures
  ? (JSON.parse(readFileSync(path.join(fixturesDir, 'expected.json'), 'utf8')) as Record<
      string,
      ExifToolReading
    >)
  : {};

export const readFixture = (name: string) => readFile(path.join(fixturesDir, name));

/** ExifTool's `YYYY:MM:DD HH:MM:SS` as the library's local `YYYY-MM-DDTHH:mm:ss`. */
export const toLocalDateTime = (exifDateTime: string) =>
  exifDateTime.replace(/^(\d{4}):(\d{2}):(\d{2}) /, '$1-$2-$3T');

/**
 * Fixtures whose only date is in XMP (expected.json lists EXIF dates alone), which the header reader
 * takes (decision 063): a Photoshop 'date created' without a time, and a Fireworks export's creation
 * time in UTC.
 */
const xmpOnlyDates: Record<string, { dateTaken: string; dateTakenOffset: string | null }> = {
  'camera/long_description.jpg': { dateTaken: '2003-08-31T00:00:00', dateTakenOffset: null },
  'broken/image01551.jpg': { dateTaken: '2011-09-23T12:43:03', dateTakenOffset: '+00:00' },
};

/** What the library must read from a fixture: ExifTool's facts, with January 1970 meaning no date. */
export function expectedFacts(reading: ExifToolReading, name: string) {
  const date = reading.dateTimeOriginal ? toLocalDateTime(reading.dateTimeOriginal) : null;
  return {
    mimeType: reading.mimeType,
    dateTaken: date?.startsWith('1970-01-') ? null : date,
    dateTakenOffset: reading.offsetTimeOriginal,
    ...xmpOnlyDates[name],
    orientation: reading.orientation,
    width: reading.width,
    height: reading.height,
  };
}

/**
 * A JPEG that encodes and decodes like a camera photo (a gradient with sensor-like grain), unlike a flat
 * colour, which compresses to almost nothing.
 */
export async function makePhotoLikeJpeg(
  width: number,
  height: number,
  options: { orientation?: number } = {},
) {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g"><stop offset="0" stop-color="#2a6"/><stop offset="1" stop-color="#e73"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .png()
    .toBuffer();
  const image = sharp(gradient)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 85 });
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).toBuffer();
}
