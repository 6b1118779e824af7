import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import fr from '../../../locales/fr.json';
import nl from '../../../locales/nl.json';
import { createTranslator } from '../../shared/i18n/translator';

describe("the library picker's last button", () => {
  it('says how many photos it adds, in plural, and asks for photos at 0', () => {
    const english = createTranslator('en-GB', en);
    expect([0, 1, 3].map((count) => english.t('album.pick.add', { count }))).toEqual([
      'Add photos',
      'Add 1 photo',
      'Add 3 photos',
    ]);
    expect(createTranslator('fr-FR', fr).t('album.pick.add', { count: 2 })).toBe('Ajouter 2 photos');
    expect(createTranslator('nl-NL', nl).t('album.pick.add', { count: 1 })).toBe('Voeg 1 foto toe');
  });
});
