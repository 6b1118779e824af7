export type TranslateWith<Key extends string> = (
  key: Key,
  values?: Record<string, string | number>,
) => string;

/** A storefront's own words per language (`{ at: { de: {...} } }`), on top of the language's catalogue. */
export type StorefrontTerms<Key extends string> = Record<
  string,
  Record<string, Partial<Record<Key, string>>>
>;

/**
 * A translator per storefront locale over catalogues keyed by language (`nl-BE` -> `nl`), English
 * when a language has none. A storefront's terms (its country's legal words, decision 135) replace
 * the language's where it has them. Placeholders are `{name}`; values are inserted as they are, so
 * whoever writes the text into HTML escapes the whole result.
 */
export function catalogueTranslator<Key extends string>(
  catalogues: Record<string, Record<Key, string>>,
  english: Record<Key, string>,
  storefrontTerms: StorefrontTerms<Key> = {},
): (locale: string, storefrontId?: string) => TranslateWith<Key> {
  return (locale, storefrontId) => {
    const language = locale.split('-')[0]!.toLowerCase();
    const catalogue = catalogues[language] ?? english;
    const terms: Partial<Record<Key, string>> =
      (storefrontId && storefrontTerms[storefrontId]?.[language]) || {};
    return (key, values = {}) =>
      (terms[key] ?? catalogue[key]).replace(/\{(\w+)\}/g, (match, name: string) =>
        name in values ? String(values[name]) : match,
      );
  };
}
