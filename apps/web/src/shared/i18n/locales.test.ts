import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';

// The catalogues the server serves (`en-GB` and `en-IE` from `en.json`, `nl-BE` from `nl.json`, ...).
const catalogues = import.meta.glob<Record<string, string>>('../../../locales/*.json', {
  eager: true,
  import: 'default',
});

const byLanguage = Object.fromEntries(
  Object.entries(catalogues).map(([file, messages]) => [file.replace(/^.*\/(\w+)\.json$/, '$1'), messages]),
);
const english = byLanguage.en!;
const translations = Object.entries(byLanguage).filter(([language]) => language !== 'en');

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

// `TYPE.literal` of the ICU parser (plain text); the parser is intl-messageformat's own dependency.
const LITERAL = 0;

/** Argument names with their ICU type (`count:plural`), walking into plural/select branches and tags. */
function placeholders(elements: Element[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ('value' in element && (element.type as number) !== LITERAL)
      found.add(`${element.value}:${element.type}`);
    if ('options' in element) {
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
    if ('children' in element) placeholders(element.children, found);
  }
  return found;
}

// `TYPE.plural` of the ICU parser; ordinal plurals (`selectordinal`) carry `pluralType: 'ordinal'`.
const PLURAL = 6;

/** The categories of every cardinal plural in a message (`count:one,many,other`), nested ones too. */
function pluralOptions(elements: Element[], found: string[] = []): string[] {
  for (const element of elements) {
    if ((element.type as number) === PLURAL && 'pluralType' in element && element.pluralType === 'cardinal') {
      found.push(`${element.value}:${Object.keys(element.options).sort().join(',')}`);
    }
    if ('options' in element) {
      for (const option of Object.values(element.options)) pluralOptions(option.value, found);
    }
    if ('children' in element) pluralOptions(element.children, found);
  }
  return found;
}

/** The plural categories a language's grammar needs (French, Italian, Spanish, Portuguese: 'many'). */
const categoriesOf = (language: string) =>
  new Intl.PluralRules(language)
    .resolvedOptions()
    .pluralCategories.filter((category) => category !== 'zero' || language === 'ar');

// Every production source file of the app, as text: a key no file names is a text nobody sees. The
// server's photo book viewer and gallery read their texts from these files too (decisions 094, 095).
const sources = import.meta.glob<string>(
  [
    '../../**/*.{ts,tsx}',
    '!../../**/*.test.{ts,tsx}',
    '!../../test/**',
    '../../../../server/src/photo-books/photo-book-*.page.ts',
  ],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);
const allSource = Object.values(sources).join('\n');

function parse(message: string, locale: string): IntlMessageFormat {
  return new IntlMessageFormat(message, locale);
}

describe('locale files', () => {
  it('cover the ten languages of the storefronts', () => {
    expect(Object.keys(byLanguage).sort()).toEqual([
      'da',
      'de',
      'en',
      'es',
      'fr',
      'it',
      'nb',
      'nl',
      'pt',
      'sv',
    ]);
  });

  it('uses every English key somewhere in the app, written out in full', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const unused = Object.keys(english).filter(
      (id) => !allSource.includes(`'${id}'`) && !allSource.includes(`"${id}"`),
    );
    expect(unused).toEqual([]);
  });

  it("formats a French, Italian, Spanish or Portuguese million with the 'many' form", () => {
    const million = (language: string) =>
      parse(byLanguage[language]!['timeline.photoCount']!, language).format({ count: 1_000_000 });
    expect(million('fr')).toMatch(/ de photos$/);
    expect(million('it')).toMatch(/ di foto$/);
    expect(million('es')).toMatch(/ de fotos$/);
    expect(million('pt')).toMatch(/ de fotos$/);
    expect(parse(byLanguage.fr!['timeline.photoCount']!, 'fr').format({ count: 2 })).toBe('2 photos');
  });

  it('parse as ICU messages in English', () => {
    for (const [id, message] of Object.entries(english)) {
      expect(() => parse(message, 'en'), id).not.toThrow();
    }
  });

  describe.each(translations)('%s', (language, messages) => {
    it('has exactly the keys of en.json', () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    });

    it('has a non-empty message for every key', () => {
      for (const [id, message] of Object.entries(messages)) expect(message.trim(), id).not.toBe('');
    });

    it(`gives every plural the categories ${language} needs`, () => {
      const needed = categoriesOf(language);
      for (const [id, message] of Object.entries(messages)) {
        for (const plural of pluralOptions(parse(message, language).getAst())) {
          const categories = plural.split(':')[1]!.split(',');
          expect(
            needed.filter((category) => !categories.includes(category)),
            `${id} (${plural})`,
          ).toEqual([]);
        }
      }
    });

    it('parses every message and keeps the English placeholders', () => {
      for (const [id, source] of Object.entries(english)) {
        const translated = messages[id];
        if (translated === undefined) continue;
        const format = parse(translated, language);
        expect(placeholders(format.getAst()), id).toEqual(placeholders(parse(source, 'en').getAst()));
      }
    });
  });
});
