import { describe, expect, it } from 'vitest';
import { expectCompleteCatalogues } from '../testing/message-catalogues';
import { invoiceTranslatorFor } from './invoice-messages';

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
});
