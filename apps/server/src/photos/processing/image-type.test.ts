import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifToolReadings, hasFixtures, readFixture } from './fixture-photos';
import { detectImageType } from './image-type';

const fileTypeBox = (majorBrand: string, ...compatibleBrands: string[]) => {
  const brands = [majorBrand, '\0\0\0\0', ...compatibleBrands].join('');
  const box = Buffer.alloc(8 + brands.length);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${brands}`, 4, 'latin1');
  return Buffer.concat([box, Buffer.alloc(64)]);
};

describe('detectImageType', () => {
  it('recognises JPEG and PNG by their content, whatever the file is called', async () => {
    const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } });
    expect(detectImageType(await image.clone().jpeg().toBuffer())).toBe('image/jpeg');
    expect(detectImageType(await image.clone().png().toBuffer())).toBe('image/png');
  });

  it('recognises HEIC from the brands of its ftyp box', () => {
    expect(detectImageType(fileTypeBox('heic', 'mif1', 'heic'))).toBe('image/heic');
    expect(detectImageType(fileTypeBox('mif1', 'heic'))).toBe('image/heic');
  });

  it('turns away types the upload does not accept', async () => {
    const image = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } });
    expect(detectImageType(Buffer.from('just some text, named photo.jpg'))).toBeNull();
    expect(detectImageType(await image.clone().webp().toBuffer())).toBeNull();
    expect(detectImageType(await image.clone().gif().toBuffer())).toBeNull();
    // AVIF shares HEIF's generic brand but is AV1, not HEVC.
    expect(detectImageType(fileTypeBox('avif', 'mif1', 'miaf'))).toBeNull();
    expect(detectImageType(fileTypeBox('isom', 'mp41'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });

  describe.skipIf(!hasFixtures)('real photos', () => {
    it.each(Object.entries(exifToolReadings))('%s has the type ExifTool reads', async (name, reading) => {
      const expected = reading.mimeType.startsWith('image/') ? reading.mimeType : null;
      expect(detectImageType(await readFixture(name))).toBe(expected);
    });
  });
});
