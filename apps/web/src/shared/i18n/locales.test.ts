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
