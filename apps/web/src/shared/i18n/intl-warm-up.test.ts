import { describe, expect, it } from 'vitest';
import { warmUpIntl } from './intl-warm-up';

describe('readying Intl before the first page', () => {
  it("takes every storefront's locale", () => {
    for (const locale of ['en-GB', 'nl-NL', 'nl-BE', 'fr-BE', 'de-DE', 'sv-SE', 'da-DK', 'nb-NO']) {
      expect(() => warmUpIntl(locale)).not.toThrow();
    }
    expect(() => warmUpIntl(undefined)).not.toThrow();
  });

  it('leaves a locale the browser cannot format in to fail where it is used and reported', () => {
    expect(() => new Intl.DateTimeFormat('not a locale')).toThrow(RangeError);
    expect(() => warmUpIntl('not a locale')).not.toThrow();
  });
});
