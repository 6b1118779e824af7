import { describe, expect, it } from 'vitest';
import { articleGroups } from '@photo/contracts/orders';
import {
  computeTotals,
  creditTotals,
  decideVat,
  missingBuyerDetails,
  supplyKindOf,
  vatOf,
  type InvoiceLineInput,
  type SupplyKind,
} from './invoice-rules';

const goods = (destination: string, vatId: string | null) => decideVat('NL', { destination, vatId }, 'goods');

describe('invoice tax rules', () => {
  it('charges the seller country’s VAT at home', () => {
    expect(decideVat('NL', { destination: 'NL', vatId: 'NL004495445B01' }, 'goods')).toEqual({
      treatment: 'domestic',
      rate: 2100,
    });
    expect(decideVat('DE', { destination: 'DE', vatId: null }, 'goods')).toEqual({
      treatment: 'domestic',
      rate: 1900,
    });
  });

  it('makes goods to a business with a valid VAT id of another member state an exempt intra-Community supply', () => {
    expect(goods('BE', 'BE0403019261')).toEqual({ treatment: 'intra-community-supply', rate: 0 });
    expect(decideVat('FR', { destination: 'DE', vatId: 'DE136695976' }, 'goods')).toEqual({
      treatment: 'intra-community-supply',
      rate: 0,
    });
    expect(decideVat('AT', { destination: 'GR', vatId: 'EL094259216' }, 'goods').treatment).toBe(
      'intra-community-supply',
    );
  });

  it('reverse-charges services, and only services, to such a business (art. 196)', () => {
    expect(decideVat('NL', { destination: 'BE', vatId: 'BE0403019261' }, 'services')).toEqual({
      treatment: 'reverse-charge',
      rate: 0,
    });
  });

  it('takes every product the shop sells, and its delivery, as goods', () => {
    expect(Object.keys(supplyKindOf).sort()).toEqual([...articleGroups, 'delivery'].sort());
    expect(new Set(Object.values(supplyKindOf))).toEqual(new Set<SupplyKind>(['goods']));
  });

  it('decides by where the goods go, not where the buyer is billed', () => {
    // A Dutch business's goods delivered in Austria by the Austrian seller never leave Austria.
    expect(decideVat('AT', { destination: 'AT', vatId: 'NL004495445B01' }, 'goods')).toEqual({
      treatment: 'domestic',
      rate: 2000,
    });
  });

  it('exempts nothing for a buyer whose VAT id is the seller’s own member state’s, or fails its check', () => {
    // NL004495445B01 is a valid Dutch id: bought from the Dutch seller, it is no intra-Community supply,
    // and a service to it is not reverse-charged.
    expect(goods('BE', 'NL004495445B01')).toEqual({ treatment: 'domestic', rate: 2100 });
    expect(decideVat('NL', { destination: 'BE', vatId: 'NL004495445B01' }, 'services')).toEqual({
      treatment: 'domestic',
      rate: 2100,
    });
    // Neither is a Swiss or Norwegian id an EU one, wherever the goods go.
    expect(goods('BE', 'CHE107787577MWST')).toEqual({ treatment: 'destination', rate: 2100 });
    expect(goods('BE', 'NO923609016MVA')).toEqual({ treatment: 'destination', rate: 2100 });
    // A bad checksum is no VAT id: the buyer country's VAT, as for a buyer without one.
    expect(goods('BE', 'BE0403019262')).toEqual({ treatment: 'destination', rate: 2100 });
    expect(goods('DE', 'DE136695978')).toEqual({ treatment: 'destination', rate: 1900 });
  });

  it('charges the buyer country’s VAT on goods to an EU buyer in another country without a VAT id', () => {
    expect(goods('DE', null)).toEqual({ treatment: 'destination', rate: 1900 });
    expect(goods('PL', null)).toEqual({ treatment: 'destination', rate: 2300 });
  });

  it('treats Norway, Switzerland and the UK as exports, whatever VAT id the buyer has', () => {
    expect(goods('NO', 'NO923609016MVA')).toEqual({ treatment: 'export', rate: 0 });
    expect(goods('CH', 'CHE107787577MWST')).toEqual({ treatment: 'export', rate: 0 });
    expect(goods('GB', 'GB980780684')).toEqual({ treatment: 'export', rate: 0 });
    expect(decideVat('GB', { destination: 'IE', vatId: 'IE6433435F' }, 'goods')).toEqual({
      treatment: 'export',
      rate: 0,
    });
    expect(decideVat('NO', { destination: 'SE', vatId: null }, 'goods')).toEqual({
      treatment: 'export',
      rate: 0,
    });
  });

  it('names the buyer details an account lacks, a VAT id failing its check among them', () => {
    expect(missingBuyerDetails({ companyName: 'Foto BV', country: 'NL', vatId: 'NL004495445B01' })).toEqual(
      [],
    );
    expect(missingBuyerDetails({ companyName: null, country: null, vatId: null })).toEqual([
      'companyName',
      'address',
      'vatId',
    ]);
    expect(missingBuyerDetails({ companyName: 'Foto BV', country: 'NL', vatId: 'NL123456789B01' })).toEqual([
      'vatId',
    ]);
  });
});

describe('invoice totals', () => {
  const line = (unitPrice: number, quantity = 1): InvoiceLineInput => ({
    description: 'x',
    quantity,
    unitPrice,
    supply: 'goods',
  });
  const at = (rate: number) => () => ({ treatment: 'domestic' as const, rate });

  it('adds up to the cent, rounding VAT once per rate on its net total', () => {
    const totals = computeTotals([line(1999, 3), line(19, 36)], at(2100));
    expect(totals.lines.map((priced) => priced.lineTotal)).toEqual([5997, 684]);
    // 6681 * 0.21 = 1403.01
    expect(totals).toMatchObject({ net: 6681, vat: 1403, gross: 8084 });
    expect(totals.rates).toEqual([{ treatment: 'domestic', rate: 2100, net: 6681, vat: 1403, gross: 8084 }]);
    expect(computeTotals([line(1234, 7)], at(0))).toMatchObject({ vat: 0, gross: 8638 });
  });

  it('totals each rate apart: net, VAT and gross per rate, and their sums', () => {
    const byKind = ({ supply }: InvoiceLineInput) =>
      supply === 'goods'
        ? { treatment: 'domestic' as const, rate: 2100 }
        : { treatment: 'reverse-charge' as const, rate: 0 };
    const totals = computeTotals<InvoiceLineInput>(
      [line(1000), { ...line(500), supply: 'services' }, line(50)],
      byKind,
    );
    expect(totals.rates).toEqual([
      { treatment: 'domestic', rate: 2100, net: 1050, vat: 221, gross: 1271 },
      { treatment: 'reverse-charge', rate: 0, net: 500, vat: 0, gross: 500 },
    ]);
    expect(totals).toMatchObject({ net: 1550, vat: 221, gross: 1771 });
  });

  it('credits an invoice with the same amounts negated, per rate, rounded as the invoice was', () => {
    const invoice = computeTotals([line(1999, 3), line(50)], at(2100));
    const credit = creditTotals(invoice.lines);
    expect(
      credit.lines.map((credited) => [credited.unitPrice, credited.lineTotal, credited.vatRate]),
    ).toEqual([
      [-1999, -5997, 2100],
      [-50, -50, 2100],
    ]);
    // 6047 * 0.21 = 1269.87
    expect(credit.rates).toEqual([
      { treatment: 'domestic', rate: 2100, net: -6047, vat: -1270, gross: -7317 },
    ]);
    expect(credit).toMatchObject({ net: -invoice.net, vat: -invoice.vat, gross: -invoice.gross });
    // A half: the invoice's 10.5 is 11, the credit note's -10.5 is -11.
    expect(creditTotals(computeTotals([line(50)], at(2100)).lines).vat).toBe(-11);
  });

  // Halves go away from zero on both sides: a credit note's VAT is the invoice's, negated.
  it.each([
    [50, 2100, 11],
    [-50, 2100, -11],
    [49, 2100, 10],
    [-49, 2100, -10],
    [150, 1900, 29],
    [-150, 1900, -29],
    [250, 2000, 50],
    [-250, 2000, -50],
    [10, 2500, 3],
    [-10, 2500, -3],
    [2, 2500, 1],
    [-2, 2500, -1],
    [1, 2500, 0],
    [-1, 2500, 0],
    [0, 2100, 0],
  ])('VAT on a net of %i at %i basis points is %i', (net, rate, vat) => {
    expect(vatOf(net, rate)).toBe(vat);
    expect(computeTotals([line(net)], at(rate)).vat).toBe(vat);
  });
});
