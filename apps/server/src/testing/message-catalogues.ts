import { readdir, readFile } from 'node:fs/promises';
import { expect } from 'vitest';

export const STOREFRONT_LANGUAGES = ['da', 'de', 'en', 'es', 'fr', 'it', 'nb', 'nl', 'pt', 'sv'];

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

/**
 * A folder of message catalogues has every storefront language, each with the same keys and
 * placeholders as English, and is really translated: `translatedKey` differs from the English text.
 */
export async function expectCompleteCatalogues(directory: URL, translatedKey: string): Promise<void> {
  const files = (await readdir(directory)).sort();
  expect(files).toEqual(STOREFRONT_LANGUAGES.map((id) => `${id}.json`));
  const read = async (file: string) =>
    JSON.parse(await readFile(new URL(file, directory), 'utf8')) as Record<string, string>;
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
