import { describe, expect, it } from 'vitest';
import { computeTotals, decideVat } from './invoice-rules';

describe('invoice tax rules', () => {
  it('charges the seller country’s VAT at home', () => {
    expect(decideVat('NL', 'NL', 'NL123456789B01')).toEqual({ treatment: 'domestic', rate: 2100 });
    expect(decideVat('DE', 'DE', null)).toEqual({ treatment: 'domestic', rate: 1900 });
  });

  it('reverse-charges an EU business with a VAT id in another EU country', () => {
    expect(decideVat('NL', 'BE', 'BE0123456789')).toEqual({ treatment: 'reverse-charge', rate: 0 });
    expect(decideVat('FR', 'DE', 'DE123456789')).toEqual({ treatment: 'reverse-charge', rate: 0 });
  });

  it('charges the buyer country’s VAT to an EU buyer in another country without a VAT id', () => {
    expect(decideVat('NL', 'DE', null)).toEqual({ treatment: 'destination', rate: 1900 });
  });

  it('charges no VAT on an export out of the seller’s VAT area', () => {
    expect(decideVat('NL', 'NO', null)).toEqual({ treatment: 'export', rate: 0 });
    expect(decideVat('GB', 'IE', 'IE1234567T')).toEqual({ treatment: 'export', rate: 0 });
  });

  it('adds up to the cent, rounding VAT once, half away from zero', () => {
    const totals = computeTotals(
      [
        { description: 'Photo book', quantity: 3, unitPrice: 1999 },
        { description: 'Prints', quantity: 36, unitPrice: 19 },
      ],
      2100,
    );
    expect(totals.lines.map((line) => line.lineTotal)).toEqual([5997, 684]);
    expect(totals.net).toBe(6681);
    // 6681 * 0.21 = 1403.01
    expect(totals.vat).toBe(1403);
    expect(totals.gross).toBe(8084);
    // 50 * 0.21 = 10.5 -> 11
    expect(computeTotals([{ description: 'x', quantity: 1, unitPrice: 50 }], 2100).vat).toBe(11);
    expect(computeTotals([{ description: 'x', quantity: 1, unitPrice: 49 }], 2100).vat).toBe(10);
    expect(computeTotals([{ description: 'x', quantity: 7, unitPrice: 1234 }], 0)).toMatchObject({
      vat: 0,
      gross: 8638,
    });
  });
});
