import { describe, expect, it } from 'vitest';
import { formatCount, monthTitle, takenOnDate } from './month-title';

const translator = (locale: string) => ({ locale, t: (id: string) => `<${id}>` });

describe('month titles and dates', () => {
  it('format as the translator would, in the locale of the storefront', () => {
    for (const locale of ['nl-NL', 'en-GB', 'de-AT']) {
      const i18n = translator(locale);
      expect(monthTitle(i18n, 2019, 8)).toBe(
        new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(Date.UTC(2019, 7, 1)),
        ),
      );
      expect(takenOnDate(i18n, '2016-07-16T23:59:59')).toBe(
        new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date('2016-07-16T23:59:59Z'),
        ),
      );
      expect(formatCount(i18n, 59_977)).toBe(new Intl.NumberFormat(locale).format(59_977));
    }
  });

  it('name the month of photos without a date', () => {
    expect(monthTitle(translator('en-GB'), 0, 0)).toBe('<timeline.unknownDate>');
  });

  it('keep one formatter per locale: a second locale does not change the first', () => {
    expect(monthTitle(translator('nl-NL'), 2024, 5)).toBe('mei 2024');
    expect(monthTitle(translator('en-GB'), 2024, 5)).toBe('May 2024');
    expect(monthTitle(translator('nl-NL'), 2024, 5)).toBe('mei 2024');
  });
});
