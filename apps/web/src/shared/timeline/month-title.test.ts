import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import de from '../../../locales/de.json';
import fr from '../../../locales/fr.json';
import { createTranslator } from '../i18n/translator';
import { monthTitle, takenOnDate } from './month-title';

const translator = (locale: string, messages: Record<string, string> = en) =>
  createTranslator(locale, messages);

describe('month titles and dates', () => {
  it('format in the locale of the storefront', () => {
    expect(monthTitle(translator('nl-NL'), 2019, 8)).toBe('augustus 2019');
    expect(monthTitle(translator('en-GB'), 2019, 8)).toBe('August 2019');
    expect(monthTitle(translator('de-AT'), 2019, 1)).toBe('Jänner 2019');
  });

  it("show the camera's local date, whatever the browser's zone", () => {
    expect(takenOnDate(translator('en-GB'), '2016-07-16T23:59:59')).toBe('16 July 2016');
    expect(takenOnDate(translator('nl-NL'), '2016-07-16T00:00:01')).toBe('16 juli 2016');
  });

  it("name the month of photos without a date in the storefront's language", () => {
    expect(monthTitle(translator('en-GB'), 0, 0)).toBe('Unknown Date');
    expect(monthTitle(translator('de-AT', de), 0, 0)).toBe('Ohne Datum');
    expect(monthTitle(translator('fr-FR', fr), 0, 0)).toBe('Sans date');
  });
});
