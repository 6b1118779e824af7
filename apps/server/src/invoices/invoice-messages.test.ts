import { describe, expect, it } from 'vitest';
import { expectCompleteCatalogues, expectStorefrontTerms } from '../testing/message-catalogues';
import { invoiceTranslatorFor, storefrontTerms } from './invoice-messages';

describe('invoice message catalogues', () => {
  it('has every storefront language, each with the same keys and placeholders as English', async () => {
    await expectCompleteCatalogues(new URL('./messages/', import.meta.url), 'intraCommunitySupply');
  });

  it('fills placeholders in the storefront’s language', () => {
    expect(invoiceTranslatorFor('de-AT')('title', { number: 'AT-000001' })).toBe('Rechnung AT-000001');
    expect(invoiceTranslatorFor('nl-BE')('paidOn', { date: '1 januari 2027' })).toBe(
      'Betaald op 1 januari 2027.',
    );
  });

  it('uses every storefront’s terms file, each for its storefront and language', async () => {
    expect(await expectStorefrontTerms(new URL('./messages/', import.meta.url))).toEqual(storefrontTerms);
  });

  it('names the VAT number as the storefront’s country does: UID-Nummer in Austria, USt-IdNr. in Germany', () => {
    expect(invoiceTranslatorFor('de-AT', 'at')('customerVatId')).toBe('Ihre UID-Nummer');
    expect(invoiceTranslatorFor('de-AT', 'at')('sellerVatId')).toBe('Unsere UID-Nummer');
    expect(invoiceTranslatorFor('de-AT', 'de')('customerVatId')).toBe('Ihre USt-IdNr.');
    expect(invoiceTranslatorFor('de-AT', 'at')('vatAmount')).toBe('USt.');
    expect(invoiceTranslatorFor('nl-BE', 'be')('customerVatId')).toBe('Uw btw-nummer');
    expect(invoiceTranslatorFor('de-AT', 'at')('sellerRegistration')).toBe('Firmenbuchnummer');
    expect(invoiceTranslatorFor('de-AT', 'de')('sellerRegistration')).toBe('Registereintrag');
    expect(invoiceTranslatorFor('nl-BE', 'be')('sellerRegistration')).toBe('Ondernemingsnummer');
    expect(invoiceTranslatorFor('fr-BE', 'be')('sellerRegistration')).toBe('Numéro d’entreprise (BCE)');
    expect(invoiceTranslatorFor('nl-NL', 'nl')('sellerRegistration')).toBe('Inschrijving handelsregister');
  });
});
