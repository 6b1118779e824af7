import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntl } from './intl-warm-up';

afterEach(() => vi.restoreAllMocks());

describe('readying Intl before the first page', () => {
  it("takes every storefront's locale, and none", async () => {
    for (const locale of [
      'en-GB',
      'nl-NL',
      'nl-BE',
      'fr-BE',
      'de-DE',
      'sv-SE',
      'da-DK',
      'nb-NO',
      undefined,
    ]) {
      await expect(warmUpIntl(locale)).resolves.toBeUndefined();
    }
  });

  it('readies strings, numbers, then dates and plurals, each in a task of its own', async () => {
    const used: string[] = [];
    vi.spyOn(String.prototype, 'localeCompare').mockImplementation(() => (used.push('strings'), 0));
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function () {
      used.push('numbers');
      return { format: () => '0' } as unknown as Intl.NumberFormat;
    });
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function () {
      used.push('dates');
      return { format: () => '' } as unknown as Intl.DateTimeFormat;
    });
    const warming = warmUpIntl('en-GB');
    // The first step runs at once; the next only in a later task.
    expect(used).toEqual(['strings']);
    await Promise.resolve();
    expect(used).toEqual(['strings']);
    await warming;
    expect(used).toEqual(['strings', 'numbers', 'dates']);
  });

  it('leaves a locale the browser cannot format in to fail where it is used and reported', async () => {
    expect(() => new Intl.DateTimeFormat('not a locale')).toThrow(RangeError);
    await expect(warmUpIntl('not a locale')).resolves.toBeUndefined();
  });
});
