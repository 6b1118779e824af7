export type TranslateWith<Key extends string> = (
  key: Key,
  values?: Record<string, string | number>,
) => string;

/**
 * A translator per storefront locale over catalogues keyed by language (`nl-BE` -> `nl`), English
 * when a language has none. Placeholders are `{name}`; values are inserted as they are, so whoever
 * writes the text into HTML escapes the whole result.
 */
export function catalogueTranslator<Key extends string>(
  catalogues: Record<string, Record<Key, string>>,
  english: Record<Key, string>,
): (locale: string) => TranslateWith<Key> {
  return (locale) => {
    const language = locale.split('-')[0]!.toLowerCase();
    const catalogue = catalogues[language] ?? english;
    return (key, values = {}) =>
      catalogue[key].replace(/\{(\w+)\}/g, (match, name: string) =>
        name in values ? String(values[name]) : match,
      );
  };
}
