import { describe, expect, it } from 'vitest';
import { baseEntryName, sanitizeFileName, uniqueEntryNames } from './archive-names';

describe('archive entry names', () => {
  it('name a photo by its local date taken, with the extension of its stored type', () => {
    expect(
      baseEntryName({ takenLocal: '2024-08-17T14:03:22', mimeType: 'image/jpeg', localFileName: 'x.JPG' }),
    ).toBe('2024-08-17 14.03.22.jpg');
    expect(
      baseEntryName({ takenLocal: '2022-02-16T08:01:00', mimeType: 'image/heic', localFileName: 'IMG.HEIC' }),
    ).toBe('2022-02-16 08.01.00.heic');
  });

  it('fall back to the upload name, made safe, for a photo without a date', () => {
    expect(baseEntryName({ takenLocal: null, mimeType: 'image/png', localFileName: 'scan.png' })).toBe(
      'scan.png',
    );
    expect(
      baseEntryName({ takenLocal: null, mimeType: 'image/png', localFileName: '../../etc/pass:wd?.png' }),
    ).toBe('_.._etc_pass_wd_.png');
    expect(baseEntryName({ takenLocal: null, mimeType: 'image/jpeg', localFileName: '...' })).toBe(
      'photo.jpg',
    );
  });

  it('remove what unzip tools and file systems refuse', () => {
    expect(sanitizeFileName('a\u0000b\u001fc.jpg')).toBe('a_b_c.jpg');
    expect(sanitizeFileName('.hidden.jpg')).toBe('hidden.jpg');
    expect(sanitizeFileName('trailing. . ')).toBe('trailing');
    expect(sanitizeFileName('CON.jpg')).toBe('CON_.jpg');
    expect(sanitizeFileName(`${'x'.repeat(300)}.jpeg`)).toHaveLength(120);
    expect(sanitizeFileName(`${'x'.repeat(300)}.jpeg`).endsWith('.jpeg')).toBe(true);
  });

  it('number clashes before the extension, ignoring case as Windows and macOS do', () => {
    expect(uniqueEntryNames(['a.jpg', 'a.jpg', 'A.JPG', 'a (2).jpg', 'b.png'])).toEqual([
      'a.jpg',
      'a (2).jpg',
      'A (3).JPG',
      'a (2) (2).jpg',
      'b.png',
    ]);
  });
});
