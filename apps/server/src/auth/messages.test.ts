import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { translatorFor } from './messages';

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('sign-in message catalogues', () => {
  it('has every storefront language, each with the same keys and placeholders as English', async () => {
    const directory = new URL('./messages/', import.meta.url);
    const files = (await readdir(directory)).sort();
    expect(files).toEqual(
      ['da', 'de', 'en', 'es', 'fr', 'it', 'nb', 'nl', 'pt', 'sv'].map((id) => `${id}.json`),
    );
    const read = async (file: string) =>
      JSON.parse(await readFile(new URL(file, directory), 'utf8')) as Record<string, string>;
    const english = await read('en.json');
    for (const file of files) {
      const catalogue = await read(file);
      expect(Object.keys(catalogue), file).toEqual(Object.keys(english));
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text.trim(), `${file} ${key}`).not.toBe('');
        expect(placeholdersOf(text), `${file} ${key}`).toEqual(placeholdersOf(english[key]!));
      }
      if (file !== 'en.json')
        expect(catalogue['signIn.wrongCredentials']).not.toBe(english['signIn.wrongCredentials']);
    }
  });

  it('fills placeholders and falls back to English for a language it does not have', () => {
    expect(translatorFor('sv-SE')('reference', { id: 'abc' })).toBe('Referens: abc');
    expect(translatorFor('en-IE')('tooMany.body', { minutes: 15 })).toContain('wait 15 minutes');
    expect(translatorFor('xx-XX')('signIn.title')).toBe('Sign in');
  });
});
