import { describe, expect, it } from 'vitest';
import { expectStorefrontTerms } from '../testing/message-catalogues';
import { createLocaleCatalogues } from './locale-catalogues';

const localesDir = new URL('../../../web/locales/', import.meta.url);
const catalogues = createLocaleCatalogues(localesDir.pathname);

describe('locale catalogues', () => {
  it('has storefront terms only for a storefront’s own languages and texts', async () => {
    expect(Object.keys(await expectStorefrontTerms(localesDir))).toEqual(['at', 'be']);
  });

  // Decision 135: legal terms follow the storefront's country, not only its language.
  it.each([
    ['at', 'de-AT', 'UID-Nummer', 'Firmenbuchnummer'],
    ['de', 'de-AT', 'USt-IdNr.', 'Handelsregisternummer'],
    ['be', 'nl-BE', 'Btw-nummer', 'Ondernemingsnummer'],
    ['nl', 'nl-NL', 'Btw-nummer', 'KvK-nummer'],
    ['be', 'fr-BE', 'Numéro de TVA', 'Numéro d’entreprise (BCE)'],
    ['fr', 'fr-FR', 'Numéro de TVA', 'Numéro SIREN / RCS'],
  ])(
    'gives the %s storefront in %s its country’s company numbers',
    async (storefrontId, locale, vatId, register) => {
      const messages = (await catalogues(locale, storefrontId))!;
      expect(messages['details.vatId']).toBe(vatId);
      expect(messages['details.chamberOfCommerceNumber']).toBe(register);
    },
  );

  it('keeps the rest of the language file, and answers no locale a storefront does not use', async () => {
    const austrian = (await catalogues('de-AT', 'at'))!;
    const german = (await catalogues('de-AT', 'de'))!;
    expect(austrian['details.error.vatId']).toBe('Die UID-Nummer muss gültig sein');
    expect(Object.keys(austrian)).toEqual(Object.keys(german));
    const differing = Object.keys(german).filter((key) => austrian[key] !== german[key]);
    expect(differing).toEqual(['details.vatId', 'details.chamberOfCommerceNumber', 'details.error.vatId']);
    expect(catalogues('xx-XX', 'at')).toBeUndefined();
  });
});
