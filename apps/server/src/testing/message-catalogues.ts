import { readdir, readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { storefronts } from '../storefronts/storefronts';

export const STOREFRONT_LANGUAGES = ['da', 'de', 'en', 'es', 'fr', 'it', 'nb', 'nl', 'pt', 'sv'];

const readCatalogue = async (file: URL) => JSON.parse(await readFile(file, 'utf8')) as Record<string, string>;

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/**
 * A folder of message catalogues has every storefront language, each with the same keys and
 * placeholders as English, and is really translated: `translatedKey` differs from the English text.
 */
export async function expectCompleteCatalogues(directory: URL, translatedKey: string): Promise<void> {
  // The `storefronts` folder beside the languages holds storefront terms (expectStorefrontTerms).
  const files = (await readdir(directory)).filter((file) => file.endsWith('.json')).sort();
  expect(files).toEqual(STOREFRONT_LANGUAGES.map((id) => `${id}.json`));
  const read = (file: string) => readCatalogue(new URL(file, directory));
  const english = await read('en.json');
  expect(english[translatedKey], translatedKey).toBeDefined();
  for (const file of files) {
    const catalogue = await read(file);
    expect(Object.keys(catalogue), file).toEqual(Object.keys(english));
    for (const [key, text] of Object.entries(catalogue)) {
      expect(text.trim(), `${file} ${key}`).not.toBe('');
      expect(placeholdersOf(text), `${file} ${key}`).toEqual(placeholdersOf(english[key]!));
    }
    if (file !== 'en.json') expect(catalogue[translatedKey], file).not.toBe(english[translatedKey]);
  }
}

/**
 * A folder's storefront terms (`storefronts/{storefrontId}/{language}.json`, decision 135) are for a
 * storefront and one of its languages, and only replace texts of that language, keeping their
 * placeholders. Answers the terms read, by storefront and language.
 */
export async function expectStorefrontTerms(
  directory: URL,
): Promise<Record<string, Record<string, Record<string, string>>>> {
  const folder = new URL('storefronts/', directory);
  const found: Record<string, Record<string, Record<string, string>>> = {};
  for (const storefrontId of (await readdir(folder)).sort()) {
    const storefront = storefronts.find((candidate) => candidate.id === storefrontId);
    expect(storefront, storefrontId).toBeDefined();
    const languages = storefront!.locales.map((locale) => locale.split('-')[0]);
    for (const file of (await readdir(new URL(`${storefrontId}/`, folder))).sort()) {
      const language = file.replace(/\.json$/, '');
      expect(languages, `${storefrontId}/${file}`).toContain(language);
      const base = await readCatalogue(new URL(file, directory));
      const terms = await readCatalogue(new URL(`${storefrontId}/${file}`, folder));
      for (const [key, text] of Object.entries(terms)) {
        expect(base[key], `${storefrontId}/${file} ${key}`).toBeDefined();
        expect(text, `${storefrontId}/${file} ${key}`).not.toBe(base[key]);
        expect(placeholdersOf(text), `${storefrontId}/${file} ${key}`).toEqual(placeholdersOf(base[key]!));
      }
      (found[storefrontId] ??= {})[language] = terms;
    }
  }
  return found;
}
