import { describe, expect, it } from 'vitest';
import { cleanDisplayName, cleanLine, cleanLines } from './text';

describe('cleanLine', () => {
  it.each([
    ['a right-to-left override that hides the real extension', 'holiday\u202Egpj.exe', 'holidaygpj.exe'],
    ['a name that an override shows reversed', 'Anna \u202Enosnaj', 'Anna nosnaj'],
    [
      'every bidirectional embedding, override, isolate and mark',
      'a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl',
      'abcdefghijkl',
    ],
    ['a NUL and other control characters', 'pho\u0000to\u0007\u007F\u0085\u009B.jpg', 'photo.jpg'],
    ['a tab or line break inside, which becomes a space', 'Summer\tholiday\n2024', 'Summer holiday 2024'],
    ['a run of them, one space', 'beach\r\n\r\n\tday', 'beach day'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a b c'],
    ['spaces and breaks around the text', '  \u202E Keizersgracht 212 \n', 'Keizersgracht 212'],
  ])('removes %s', (_case, value, expected) => {
    expect(cleanLine(value)).toBe(expected);
  });

  it('keeps what people write: accents, scripts, emoji sequences with their joiners', () => {
    for (const name of ['Æbleskiver på Ærø', 'שלום עליכם', '東京タワー', '👨‍👩‍👧 picnic', 'José Ñúñez-O’Brien']) {
      expect(cleanLine(name)).toBe(name);
    }
  });
});

describe('cleanLines', () => {
  it('keeps line breaks as line feeds and cleans each line', () => {
    expect(cleanLines('  Hi Oma,\r\n\r\nLook at\tthis\u202E book!  \u2028Love\u0007, Tim \n\n')).toBe(
      'Hi Oma,\n\nLook at this book!\nLove, Tim',
    );
  });
});

describe('cleanDisplayName', () => {
  it('cleans as one line and cuts to the length in characters, never through one', () => {
    expect(cleanDisplayName('\u202Ebeach\nday.jpg', 255)).toBe('beach day.jpg');
    expect(cleanDisplayName('😀'.repeat(300), 255)).toBe('😀'.repeat(255));
    expect(cleanDisplayName('abc def', 4)).toBe('abc');
  });
});
