/**
 * The tax rules of a B2B invoice (decision 091). Amounts are integers in minor units (cents): every
 * sum adds up exactly, and VAT is rounded once, half away from zero, on the net total of the invoice.
 */

/** Standard VAT rates of the storefront countries, in basis points (21 % = 2100). */
export const standardVatRates: Record<string, number> = {
  BE: 2100,
  DE: 1900,
  NL: 2100,
  GB: 2000,
  NO: 2500,
  FR: 2000,
  SE: 2500,
  AT: 2000,
  IE: 2300,
  IT: 2200,
  DK: 2500,
  ES: 2100,
  PT: 2300,
};

export const euCountries = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

/**
 * - domestic: buyer and seller in one country, that country's VAT;
 * - reverse-charge: an EU business with a VAT id in another EU country, no VAT (the buyer accounts for it);
 * - destination: an EU buyer in another EU country without a VAT id, the buyer country's VAT (OSS);
 * - export: a buyer outside the seller's VAT area, no VAT.
 */
export type VatTreatment = 'domestic' | 'reverse-charge' | 'destination' | 'export';

export interface VatDecision {
  treatment: VatTreatment;
  /** Basis points. */
  rate: number;
}

export function decideVat(
  sellerCountry: string,
  buyerCountry: string,
  buyerVatId: string | null,
): VatDecision {
  if (buyerCountry === sellerCountry) return { treatment: 'domestic', rate: rateOf(sellerCountry) };
  const bothInEu = euCountries.has(sellerCountry) && euCountries.has(buyerCountry);
  if (!bothInEu) return { treatment: 'export', rate: 0 };
  if (buyerVatId) return { treatment: 'reverse-charge', rate: 0 };
  return { treatment: 'destination', rate: rateOf(buyerCountry) };
}

function rateOf(country: string): number {
  const rate = standardVatRates[country];
  if (rate === undefined) throw new Error(`No VAT rate known for ${country}`);
  return rate;
}

export interface InvoiceLineInput {
  description: string;
  quantity: number;
  /** Net price of one, in minor units. */
  unitPrice: number;
}

export interface InvoiceLine extends InvoiceLineInput {
  lineTotal: number;
}

export interface InvoiceTotals {
  lines: InvoiceLine[];
  net: number;
  vat: number;
  gross: number;
}

/** Half away from zero, on integers: (amount * rate) / 10000 without floating point. */
function vatOf(net: number, rateBasisPoints: number): number {
  const product = BigInt(net) * BigInt(rateBasisPoints);
  const quotient = product / 10000n;
  const remainder = product % 10000n;
  const rounded = remainder * 2n >= 10000n ? quotient + 1n : quotient;
  return Number(rounded);
}

export function computeTotals(lines: InvoiceLineInput[], rateBasisPoints: number): InvoiceTotals {
  const priced = lines.map((line) => ({ ...line, lineTotal: line.quantity * line.unitPrice }));
  const net = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  const vat = vatOf(net, rateBasisPoints);
  return { lines: priced, net, vat, gross: net + vat };
}
