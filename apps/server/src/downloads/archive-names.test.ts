import { describe, expect, it } from 'vitest';
import { archiveDownloadName, baseEntryName, sanitizeFileName, uniqueEntryNames } from './archive-names';

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
  });

  it.each([
    ['nul', 'nul_'],
    ['NUL.txt', 'NUL_.txt'],
    ['nul.tar.gz', 'nul_.tar.gz'],
    ['COM1', 'COM1_'],
    ['com1.jpg', 'com1_.jpg'],
    ['COM1 .jpg', 'COM1_.jpg'],
    ['LPT1.png', 'LPT1_.png'],
    ['LPT¹.jpg', 'LPT¹_.jpg'],
    ['com²', 'com²_'],
    ['Aux.Jpeg', 'Aux_.Jpeg'],
    ['CONOUT$.jpg', 'CONOUT$_.jpg'],
  ])('give the name Windows reserves for a device, %s, a safe suffix: %s', (name, safe) => {
    expect(sanitizeFileName(name)).toBe(safe);
  });

  it('keep names that only look like a device', () => {
    expect(sanitizeFileName('console.jpg')).toBe('console.jpg');
    expect(sanitizeFileName('COM10.jpg')).toBe('COM10.jpg');
    expect(sanitizeFileName('my nul.jpg')).toBe('my nul.jpg');
  });

  it('cut a long name at 255 bytes of UTF-8, between characters, keeping its extension', () => {
    const bytes = (name: string) => Buffer.byteLength(name, 'utf8');
    const latin = sanitizeFileName(`${'x'.repeat(300)}.jpeg`);
    expect(bytes(latin)).toBe(255);
    expect(latin.endsWith('.jpeg')).toBe(true);
    // 200 Chinese characters are 600 bytes: 83 of them and '.jpg' fit.
    const chinese = sanitizeFileName(`${'照'.repeat(200)}.jpg`);
    expect(chinese).toBe(`${'照'.repeat(83)}.jpg`);
    expect(bytes(chinese)).toBe(253);
    // An emoji is two UTF-16 units and four bytes: it is kept whole or left out, never halved.
    const emoji = sanitizeFileName(`${'a'.repeat(249)}😀😀.jpg`);
    expect(emoji).toBe(`${'a'.repeat(249)}.jpg`);
    expect(emoji).not.toMatch(/[\uD800-\uDFFF]/);
    // A family emoji is one character of 25 bytes, and a letter with its accent one of three.
    expect(sanitizeFileName(`${'a'.repeat(230)}👨‍👩‍👧‍👦b.jpg`)).toBe(`${'a'.repeat(230)}.jpg`);
    expect(sanitizeFileName(`${'a'.repeat(249)}e\u0301.jpg`)).toBe(`${'a'.repeat(249)}\u00e9.jpg`);
    expect(sanitizeFileName(`${'a'.repeat(249)}x\u0301.jpg`)).toBe(`${'a'.repeat(249)}.jpg`);
    expect(bytes(sanitizeFileName('€'.repeat(100)))).toBe(255);
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

  it('keep a numbered clash within 255 bytes by shortening its name, not its number', () => {
    const long = `${'照'.repeat(83)}.jpg`;
    const [first, second] = uniqueEntryNames([long, long]);
    expect(first).toBe(long);
    expect(second).toBe(`${'照'.repeat(82)} (2).jpg`);
    expect(Buffer.byteLength(second!, 'utf8')).toBeLessThanOrEqual(255);
  });

  it('name a downloaded archive for the person who keeps it, in their language, by the day it was made', () => {
    const createdAt = '2026-11-26T15:04:05.000Z';
    expect(archiveDownloadName({ name: null, locale: 'en-GB', createdAt })).toBe('Photos 2026-11-26.zip');
    expect(archiveDownloadName({ name: null, locale: 'nl-BE', createdAt })).toBe("Foto's 2026-11-26.zip");
    expect(archiveDownloadName({ name: null, locale: 'de-AT', createdAt })).toBe('Fotos 2026-11-26.zip');
    expect(archiveDownloadName({ name: null, locale: 'sv-SE', createdAt })).toBe('Foton 2026-11-26.zip');
    expect(archiveDownloadName({ name: null, locale: 'xx-XX', createdAt })).toBe('Photos 2026-11-26.zip');
    // 'Download my data' is named as the customer's web app named it.
    expect(archiveDownloadName({ name: 'Mes données', locale: 'fr-FR', createdAt })).toBe(
      'Mes données 2026-11-26.zip',
    );
    expect(archiveDownloadName({ name: 'a/b: c?', locale: 'en-GB', createdAt })).toBe(
      'a_b_ c_ 2026-11-26.zip',
    );
  });
});
