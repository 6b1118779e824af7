import { describe, expect, it } from 'vitest';
import { parseVatId } from '../customers/vat-ids';
import type { PdfBlock } from '../platform/pdf-renderer';
import { storefronts } from '../storefronts/storefronts';
import { invoiceDocument, sellerDate, type InvoiceSnapshot } from './invoice-document';
import type { VatTreatment } from './invoice-rules';
import { sellerFor, sellersByStorefront } from './invoice-sellers';
import { invoiceLocaleOf } from './invoices.service';

const snapshot = (storefrontId: string, treatment: VatTreatment, fields: Partial<InvoiceSnapshot> = {}) =>
  ({
    invoiceNumber: 'X-000001',
    issuedAt: '2026-11-20T09:30:00.000Z',
    suppliedAt: '2026-11-22T09:30:00.000Z',
    orderRef: 'SO-1',
    locale: invoiceLocaleOf(storefrontId),
    currency: 'EUR',
    seller: sellerFor(storefrontId),
    buyer: {
      companyName: 'Foto BV',
      addressLines: ['Markt 1', '8000 Brugge', 'België'],
      country: 'BE',
      vatId: null,
    },
    missing: [],
    lines: [
      {
        description: 'Prints',
        quantity: 1,
        unitPrice: 1000,
        lineTotal: 1000,
        supply: 'goods',
        treatment,
        vatRate: 0,
      },
    ],
    rates: [{ treatment, rate: 0, net: 1000, vat: 0, gross: 1000 }],
    net: 1000,
    vat: 0,
    gross: 1000,
    paidAt: null,
    credits: null,
    ...fields,
  }) satisfies InvoiceSnapshot;

const textOf = (blocks: PdfBlock[]) =>
  blocks
    .flatMap((block) => {
      if (block.kind === 'heading') return [block.text];
      if (block.kind === 'paragraph') return block.lines;
      if (block.kind === 'facts') return block.rows.flat();
      if (block.kind === 'table') return [...block.rows.flat(), ...(block.footerRows ?? []).flat()];
      return [];
    })
    .join('\n');

/** The wording of each exemption in each storefront language, as the law of that language names it. */
const wordings: Record<string, { goods: string; services: string }> = {
  'nl-NL': {
    goods: 'Intracommunautaire levering, vrijgesteld van btw (art. 138 Richtlijn 2006/112/EG).',
    services: 'Btw verlegd: de btw wordt voldaan door de afnemer (artikel 196, Richtlijn 2006/112/EG).',
  },
  'nl-BE': {
    goods: 'Intracommunautaire levering, vrijgesteld van btw (art. 138 Richtlijn 2006/112/EG).',
    services: 'Btw verlegd: de btw wordt voldaan door de afnemer (artikel 196, Richtlijn 2006/112/EG).',
  },
  'fr-BE': {
    goods: 'Livraison intracommunautaire exonérée de TVA (article 138 de la directive 2006/112/CE).',
    services: 'Autoliquidation : TVA due par le preneur (article 196 de la directive 2006/112/CE).',
  },
  'fr-FR': {
    goods: 'Livraison intracommunautaire exonérée de TVA (article 138 de la directive 2006/112/CE).',
    services: 'Autoliquidation : TVA due par le preneur (article 196 de la directive 2006/112/CE).',
  },
  'de-AT': {
    goods: 'Steuerfreie innergemeinschaftliche Lieferung (Artikel 138, Richtlinie 2006/112/EG).',
    services: 'Steuerschuldnerschaft des Leistungsempfängers (Artikel 196, Richtlinie 2006/112/EG).',
  },
  'en-GB': {
    goods: 'Intra-Community supply of goods, exempt from VAT (Article 138, Council Directive 2006/112/EC).',
    services:
      'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
  },
  'en-IE': {
    goods: 'Intra-Community supply of goods, exempt from VAT (Article 138, Council Directive 2006/112/EC).',
    services:
      'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
  },
  'nb-NO': {
    goods: 'Avgiftsfri levering av varer til et annet EU-land (artikkel 138, direktiv 2006/112/EF).',
    services:
      'Omvendt avgiftsplikt: mottakeren beregner merverdiavgiften (artikkel 196, direktiv 2006/112/EF).',
  },
  'sv-SE': {
    goods: 'Gemenskapsintern varuleverans, undantagen från moms (artikel 138, direktiv 2006/112/EG).',
    services: 'Omvänd betalningsskyldighet: köparen redovisar momsen (artikel 196, direktiv 2006/112/EG).',
  },
  'it-IT': {
    goods: 'Cessione intracomunitaria di beni, non imponibile IVA (articolo 138, direttiva 2006/112/CE).',
    services: 'Inversione contabile: IVA dovuta dal destinatario (articolo 196, direttiva 2006/112/CE).',
  },
  'da-DK': {
    goods: 'Momsfri levering af varer til et andet EU-land (artikel 138, direktiv 2006/112/EF).',
    services: 'Omvendt betalingspligt: køberen afregner momsen (artikel 196, direktiv 2006/112/EF).',
  },
  'es-ES': {
    goods: 'Entrega intracomunitaria de bienes exenta de IVA (artículo 138, Directiva 2006/112/CE).',
    services:
      'Inversión del sujeto pasivo: IVA a cargo del destinatario (artículo 196, Directiva 2006/112/CE).',
  },
  'pt-PT': {
    goods: 'Transmissão intracomunitária de bens, isenta de IVA (artigo 138.º da Diretiva 2006/112/CE).',
    services: 'Autoliquidação: IVA devido pelo adquirente (artigo 196.º da Diretiva 2006/112/CE).',
  },
};

/** ISO 13616: the IBAN with its first four characters moved to the end, letters as 10-35, is 1 modulo 97. */
const ibanChecksumHolds = (iban: string) =>
  BigInt(
    [...(iban.slice(4) + iban.slice(0, 4))]
      .map((character) => (/[A-Z]/.test(character) ? String(character.charCodeAt(0) - 55) : character))
      .join(''),
  ) %
    97n ===
  1n;

describe('the invoice document', () => {
  const locales = [...new Set(storefronts.flatMap((storefront) => storefront.locales))];

  it('has the wordings of every storefront locale', () => {
    expect(Object.keys(wordings).sort()).toEqual([...locales].sort());
  });

  it.each(locales)(
    'cites art. 138 for goods and art. 196 for services in %s, and nothing for a domestic sale',
    (locale) => {
      const text = (treatment: VatTreatment) =>
        textOf(invoiceDocument({ ...snapshot('nl', treatment), locale }, 'nl').blocks);
      expect(text('intra-community-supply')).toContain(wordings[locale]!.goods);
      expect(text('intra-community-supply')).not.toContain(wordings[locale]!.services);
      expect(text('reverse-charge')).toContain(wordings[locale]!.services);
      expect(text('reverse-charge')).not.toContain(wordings[locale]!.goods);
      expect(text('domestic')).not.toMatch(/\b(138|196)\b/);
    },
  );

  it('says an export is one: art. 146 from an EU seller, zero-rated from the UK', () => {
    expect(textOf(invoiceDocument(snapshot('nl', 'export'), 'nl').blocks)).toContain(
      'Uitvoer van goederen buiten de EU, vrijgesteld van btw (art. 146 Richtlijn 2006/112/EG).',
    );
    expect(textOf(invoiceDocument(snapshot('uk', 'export'), 'uk').blocks)).toContain(
      'Export of goods: zero-rated, no VAT charged.',
    );
  });

  it('dates the invoice on the seller’s calendar, not UTC’s', () => {
    const nl = { locale: 'nl-NL', seller: sellerFor('nl') };
    // 00:30 on 1 January in Amsterdam is 23:30 UTC on 31 December.
    expect(sellerDate('2026-12-31T23:30:00Z', nl)).toBe('1 januari 2027');
    expect(sellerDate('2026-12-31T22:59:59Z', nl)).toBe('31 december 2026');
    // Summer time: 00:30 on 1 July in Amsterdam is 22:30 UTC the day before.
    expect(sellerDate('2026-06-30T22:30:00Z', nl)).toBe('1 juli 2026');
    // London keeps UTC in winter and is an hour ahead in summer.
    const uk = { locale: 'en-GB', seller: sellerFor('uk') };
    expect(sellerDate('2026-12-31T23:30:00Z', uk)).toBe('31 December 2026');
    expect(sellerDate('2026-06-30T23:30:00Z', uk)).toBe('1 July 2026');
    const text = textOf(
      invoiceDocument(snapshot('nl', 'domestic', { issuedAt: '2026-12-31T23:30:00Z', paidAt: null }), 'nl')
        .blocks,
    );
    expect(text).toContain('1 januari 2027');
    // Due 30 days after the Amsterdam date, not the UTC one.
    expect(text).toContain('uiterlijk op 31 januari 2027');
  });

  it('prints paid instead of the terms when the order is paid', () => {
    const text = textOf(
      invoiceDocument(snapshot('de', 'domestic', { paidAt: '2026-11-20T23:30:00Z' }), 'de').blocks,
    );
    expect(text).toContain('Bezahlt am 21. November 2026.');
    expect(text).not.toContain('IBAN');
  });

  it.each([
    ['nl', 'ideal', 'Betaald op 21 november 2026 met iDEAL.'],
    ['be', 'bancontact', 'Betaald op 21 november 2026 met Bancontact.'],
    ['de', 'card', 'Bezahlt am 21. November 2026 per Kreditkarte.'],
    ['fr', 'sepaDirectDebit', 'Payée le 21 novembre 2026 par prélèvement SEPA.'],
    ['uk', 'paypal', 'Paid on 20 November 2026 by PayPal.'],
    ['es', 'invoice', 'Pagada el 21 de noviembre de 2026 mediante transferencia bancaria.'],
  ] as const)('on %s says how it was paid when the shop said: %s', (storefrontId, paidWith, expected) => {
    const paid = snapshot(storefrontId, 'domestic', { paidAt: '2026-11-20T23:30:00Z', paidWith });
    expect(textOf(invoiceDocument(paid, storefrontId).blocks)).toContain(expected);
  });

  it('has every seller’s details complete, with a VAT id valid for the seller’s country', () => {
    for (const [storefrontId, seller] of sellersByStorefront()) {
      expect(parseVatId(seller.vatId)?.country, storefrontId).toBe(seller.country);
      expect(seller.registration, storefrontId).not.toBe('');
      expect(seller.iban.slice(0, 2), storefrontId).toBe(seller.country);
      expect(ibanChecksumHolds(seller.iban), `${storefrontId} ${seller.iban}`).toBe(true);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: seller.timeZone }), storefrontId).not.toThrow();
    }
  });
});
