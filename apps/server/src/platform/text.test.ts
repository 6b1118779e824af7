import { describe, expect, it } from 'vitest';
import { cleanDisplayName } from './text';

describe('cleanDisplayName', () => {
  it.each([
    ['a right-to-left override that hides the real extension', 'holiday\u202Egpj.exe', 'holidaygpj.exe'],
    [
      'every bidirectional mark and isolate',
      'a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl',
      'abcdefghijkl',
    ],
    ['a NUL and other control characters', 'pho\u0000to\u0007\u007F\u0085.jpg', 'photo.jpg'],
    ['line breaks and tabs, which become spaces', 'beach\nday\tone\r\n.jpg', 'beach day one .jpg'],
    ['line and paragraph separators', 'a\u2028b\u2029c.jpg', 'abc.jpg'],
    ['spaces around the name', '  \u202E tulips.jpg \n', 'tulips.jpg'],
  ])('removes %s', (_case, value, expected) => {
    expect(cleanDisplayName(value, 255)).toBe(expected);
  });

  it('keeps what people write: accents, scripts, emoji sequences with their joiners', () => {
    for (const name of [
      'Æbleskiver på Ærø.jpg',
      'שלום.png',
      '東京タワー.heic',
      '👨‍👩‍👧 picnic.jpg',
      'café (1).JPG',
    ]) {
      expect(cleanDisplayName(name, 255)).toBe(name);
    }
  });

  it('cuts to the length in characters, never through one', () => {
    expect(cleanDisplayName('😀'.repeat(300), 255)).toBe('😀'.repeat(255));
    expect(cleanDisplayName('abc def', 4)).toBe('abc');
  });
});
