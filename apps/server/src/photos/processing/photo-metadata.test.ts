import sharp, { type Exif } from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { exifToolReadings, hasFixtures, readFixture, expectedFacts } from './fixture-photos';
import { readPhotoMetadata } from './photo-metadata';
import { BrokenImageError, UnsupportedImageTypeError } from './processing-errors';

const jpegWithExif = (exif: Exif, orientation?: number) => {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif(exif);
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
};

describe('readPhotoMetadata', () => {
  const originalTimeZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTimeZone;
  });

  it('keeps the capture time as the camera recorded it, with its offset', async () => {
    const photo = await jpegWithExif({
      IFD2: { DateTimeOriginal: '2023:07:14 23:30:05', OffsetTimeOriginal: '-05:00' },
    });

    const metadata = await readPhotoMetadata(photo);

    expect(metadata).toMatchObject({
      mimeType: 'image/jpeg',
      dateTaken: '2023-07-14T23:30:05',
      dateTakenOffset: '-05:00',
    });
  });

  it('gives the same local time whatever time zone the server runs in', async () => {
    const photo = await jpegWithExif({ IFD2: { DateTimeOriginal: '2023:12:31 23:30:05' } });
    const readings = [];
    for (const zone of ['UTC', 'Pacific/Kiritimati', 'America/Adak']) {
      process.env.TZ = zone;
      readings.push((await readPhotoMetadata(photo)).dateTaken);
    }
    expect(readings).toEqual(['2023-12-31T23:30:05', '2023-12-31T23:30:05', '2023-12-31T23:30:05']);
  });

  it.each([
    ['no date at all', {}],
    ['a clock reset to January 1970', { IFD2: { DateTimeOriginal: '1970:01:01 00:00:00' } }],
    ['a later day of January 1970', { IFD2: { DateTimeOriginal: '1970:01:17 08:12:00' } }],
    ['an unset clock', { IFD2: { DateTimeOriginal: '0000:00:00 00:00:00' } }],
    ['a blank date', { IFD2: { DateTimeOriginal: '    :  :     :  :  ' } }],
    ['a day that does not exist', { IFD2: { DateTimeOriginal: '2021:02:30 10:00:00' } }],
  ] satisfies [string, Exif][])('finds no taken date in a photo with %s', async (_case, exif) => {
    const metadata = await readPhotoMetadata(await jpegWithExif(exif));
    expect(metadata.dateTaken).toBeNull();
    expect(metadata.dateTakenOffset).toBeNull();
  });

  it('keeps a date in February 1970: only January marks a reset clock', async () => {
    const photo = await jpegWithExif({ IFD2: { DateTimeOriginal: '1970:02:01 09:00:00' } });
    expect((await readPhotoMetadata(photo)).dateTaken).toBe('1970-02-01T09:00:00');
  });

  it('reports the stored size and the size after turning by the orientation', async () => {
    const photo = await jpegWithExif({}, 6);

    const metadata = await readPhotoMetadata(photo);

    expect(metadata).toMatchObject({
      orientation: 6,
      width: 64,
      height: 48,
      visibleWidth: 48,
      visibleHeight: 64,
    });
  });

  it('reads a PNG without EXIF: no date, no orientation, its own size', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();

    expect(await readPhotoMetadata(png)).toEqual({
      mimeType: 'image/png',
      width: 40,
      height: 30,
      visibleWidth: 40,
      visibleHeight: 30,
      orientation: null,
      dateTaken: null,
      dateTakenOffset: null,
      hasAlpha: true,
    });
  });

  it('refuses a text file named like a photo', async () => {
    await expect(readPhotoMetadata(Buffer.from('not a photo at all'))).rejects.toBeInstanceOf(
      UnsupportedImageTypeError,
    );
  });

  it('calls a JPEG whose header is cut off broken', async () => {
    const photo = await jpegWithExif({ IFD2: { DateTimeOriginal: '2023:07:14 23:30:05' } });
    await expect(readPhotoMetadata(photo.subarray(0, 40))).rejects.toBeInstanceOf(BrokenImageError);
  });

  describe.skipIf(!hasFixtures)('real photos read as ExifTool reads them', () => {
    const photos = Object.entries(exifToolReadings).filter(([, reading]) =>
      reading.mimeType.startsWith('image/'),
    );

    it.each(photos)('%s', async (name, reading) => {
      const metadata = await readPhotoMetadata(await readFixture(name));

      expect(metadata).toMatchObject(expectedFacts(reading));
    });

    it('turns the size of an iPhone HEIC stored sideways', async () => {
      const metadata = await readPhotoMetadata(await readFixture('heic/iphone_13_pro_max.HEIC'));
      expect(metadata).toMatchObject({ width: 4032, height: 3024, visibleWidth: 3024, visibleHeight: 4032 });
    });
  });
});
