import sharp, { type Exif } from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jpegWithXmp, makePngClaimingSize } from '../../testing/test-images';
import { exifToolReadings, fixturesDir, hasFixtures, readFixture, expectedFacts } from './fixture-photos';
import { parseCaptureDate, readPhotoMetadata } from './photo-metadata';
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

  describe('dates only in XMP, as edited and exported photos carry them', () => {
    const packet = (description: string) =>
      `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">${description}</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
    const namespaces = `xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
      xmlns:xmp="http://ns.adobe.com/xap/1.0/"`;

    it('reads exif:DateTimeOriginal as an attribute, keeping the local time and its offset', async () => {
      const photo = await jpegWithXmp(
        packet(
          `<rdf:Description rdf:about="" ${namespaces} exif:DateTimeOriginal="2019-06-01T10:20:30+02:00"/>`,
        ),
      );
      expect(await readPhotoMetadata(photo)).toMatchObject({
        dateTaken: '2019-06-01T10:20:30',
        dateTakenOffset: '+02:00',
      });
    });

    it('reads exif:DateTimeOriginal as an element, with fractions and a negative offset', async () => {
      const photo = await jpegWithXmp(
        packet(`<rdf:Description rdf:about="" ${namespaces}>
          <exif:DateTimeOriginal>2021-12-31T23:59:58.250-05:00</exif:DateTimeOriginal>
        </rdf:Description>`),
      );
      expect(await readPhotoMetadata(photo)).toMatchObject({
        dateTaken: '2021-12-31T23:59:58',
        dateTakenOffset: '-05:00',
      });
    });

    it('falls back to photoshop:DateCreated, then xmp:CreateDate (Z is +00:00)', async () => {
      const photoshop = await jpegWithXmp(
        packet(`<rdf:Description rdf:about="" ${namespaces} xmp:CreateDate="2020-02-02T08:00:00Z">
          <photoshop:DateCreated>2018-07-14T16:45+01:00</photoshop:DateCreated></rdf:Description>`),
        1,
      );
      expect(await readPhotoMetadata(photoshop)).toMatchObject({
        dateTaken: '2018-07-14T16:45:00',
        dateTakenOffset: '+01:00',
      });
      const exported = await jpegWithXmp(
        packet(`<rdf:Description rdf:about="" ${namespaces} xmp:CreateDate="2020-02-02T08:00:00Z"/>`),
        2,
      );
      expect(await readPhotoMetadata(exported)).toMatchObject({
        dateTaken: '2020-02-02T08:00:00',
        dateTakenOffset: '+00:00',
      });
    });

    it('prefers the camera’s EXIF over XMP, and skips XMP dates that are no dates', async () => {
      const both = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#36c' } })
        .jpeg()
        .withExif({ IFD2: { DateTimeOriginal: '2017:03:03 03:03:03' } })
        .withXmp(
          packet(
            `<rdf:Description rdf:about="" ${namespaces} exif:DateTimeOriginal="2019-06-01T10:20:30+02:00"/>`,
          ),
        )
        .toBuffer();
      expect(await readPhotoMetadata(both)).toMatchObject({
        dateTaken: '2017-03-03T03:03:03',
        dateTakenOffset: null,
      });
      const nonsense = await jpegWithXmp(
        packet(`<rdf:Description rdf:about="" ${namespaces} exif:DateTimeOriginal="1970-01-01T00:00:00Z"
          photoshop:DateCreated="2019-02-30" xmp:CreateDate="2015-05-05T05:05:05+0530"/>`),
        3,
      );
      expect(await readPhotoMetadata(nonsense)).toMatchObject({
        dateTaken: '2015-05-05T05:05:05',
        dateTakenOffset: '+05:30',
      });
    });
  });

  it.each([
    ['2023:07:14 23:30:05', { local: '2023-07-14T23:30:05', offset: null }],
    ['2023:07:14 23:30:05\0\0', { local: '2023-07-14T23:30:05', offset: null }],
    ['2023-07-14T23:30:05.5Z', { local: '2023-07-14T23:30:05', offset: '+00:00' }],
    ['2023-07-14', { local: '2023-07-14T00:00:00', offset: null }],
    ['2023:07:14 23:30:05+14:00', { local: '2023-07-14T23:30:05', offset: '+14:00' }],
    ['2023-07-14T25:00:00', null],
    ['not a date', null],
  ])('parses the capture time %j', (text, expected) => {
    expect(parseCaptureDate(text)).toEqual(expected);
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

  it('reads the size a PNG claims from its header alone, however large', async () => {
    const metadata = await readPhotoMetadata(makePngClaimingSize(50_000, 50_000));
    expect(metadata).toMatchObject({ mimeType: 'image/png', width: 50_000, height: 50_000 });
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

      expect(metadata).toMatchObject(expectedFacts(reading, name));
    });

    it.each(photos)('%s, read from its file, gives the same facts', async (name) => {
      expect(await readPhotoMetadata(path.join(fixturesDir, name))).toEqual(
        await readPhotoMetadata(await readFixture(name)),
      );
    });

    it('calls a HEIC file cut off halfway broken, from its file as from its bytes', async () => {
      const whole = await readFixture('heic/iphone_13_pro_max.HEIC');
      const half = whole.subarray(0, Math.floor(whole.length / 2));
      const directory = await mkdtemp(path.join(tmpdir(), 'heic-'));
      try {
        await writeFile(path.join(directory, 'half.heic'), half);
        await expect(readPhotoMetadata(path.join(directory, 'half.heic'))).rejects.toBeInstanceOf(
          BrokenImageError,
        );
        await expect(readPhotoMetadata(half)).rejects.toBeInstanceOf(BrokenImageError);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    });

    it('turns the size of an iPhone HEIC stored sideways', async () => {
      const metadata = await readPhotoMetadata(await readFixture('heic/iphone_13_pro_max.HEIC'));
      expect(metadata).toMatchObject({ width: 4032, height: 3024, visibleWidth: 3024, visibleHeight: 4032 });
    });
  });
});
