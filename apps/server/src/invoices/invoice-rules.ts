import type { ArticleGroup } from '@photo/contracts/orders';
import { euCountries, parseVatId } from '../customers/vat-ids';

/**
 * The tax rules of a B2B invoice (decisions 091, 127). Amounts are integers in minor units (cents):
 * every sum adds up exactly, and VAT is rounded once per rate, half away from zero, on the net total of
 * that rate's lines.
 */

/** Standard VAT rates of the EU member states and the non-EU storefront countries, in basis points (21 % = 2100). */
export const standardVatRates: Record<string, number> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2400,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
  GB: 2000,
  NO: 2500,
};

/** Whether a line is a supply of goods or of services: the two are taxed differently across borders. */
export type SupplyKind = 'goods' | 'services';

/**
 * What each product type is. Everything the shop sells is made and shipped: goods. Delivery is ancillary
 * to the goods it brings and follows their treatment (VAT Directive art. 78(b)).
 */
export const supplyKindOf: Record<ArticleGroup | 'delivery', SupplyKind> = {
  prints: 'goods',
  photoBooks: 'goods',
  wallDecor: 'goods',
  cards: 'goods',
  gifts: 'goods',
  delivery: 'goods',
};

/**
 * - domestic: no exemption applies; the seller's VAT (same country, or a buyer whose VAT id is of the
 *   seller's own member state, art. 32);
 * - intra-community-supply: goods to a business with a valid VAT id of another EU member state, exempt
 *   (art. 138, cited on the invoice as art. 226(11) asks);
 * - reverse-charge: services to such a business, VAT accounted for by the buyer (art. 196);
 * - destination: goods to a buyer in another member state without a VAT id, the buyer country's VAT (OSS);
 * - export: goods leaving the seller's VAT area (Norway, Switzerland, the UK from the EU; anywhere from
 *   the UK or Norway), no VAT.
 */
export type VatTreatment =
  'domestic' | 'intra-community-supply' | 'reverse-charge' | 'destination' | 'export';

/** The exempt treatment of a cross-border B2B supply inside the EU, per kind of supply. */
export const crossBorderB2bTreatment: Record<SupplyKind, VatTreatment> = {
  goods: 'intra-community-supply',
  services: 'reverse-charge',
};

export interface VatDecision {
  treatment: VatTreatment;
  /** Basis points. */
  rate: number;
}

/**
 * `destination`: the country the goods are delivered to (they leave from the seller's); `vatId` the
 * buyer's, as the account holds it.
 */
export function decideVat(
  sellerCountry: string,
  buyer: { destination: string; vatId: string | null },
  kind: SupplyKind,
): VatDecision {
  if (buyer.destination === sellerCountry) return { treatment: 'domestic', rate: rateOf(sellerCountry) };
  if (!euCountries.has(sellerCountry) || !euCountries.has(buyer.destination)) {
    return { treatment: 'export', rate: 0 };
  }
  const vatId = buyer.vatId ? parseVatId(buyer.vatId) : undefined;
  if (vatId && euCountries.has(vatId.country) && vatId.country !== sellerCountry) {
    return { treatment: crossBorderB2bTreatment[kind], rate: 0 };
  }
  // A business registered in the seller's own member state buys there (art. 32), and a service without a
  // valid id of another member state is supplied where the seller is (art. 45): the seller's VAT.
  if (vatId?.country === sellerCountry || kind === 'services') {
    return { treatment: 'domestic', rate: rateOf(sellerCountry) };
  }
  return { treatment: 'destination', rate: rateOf(buyer.destination) };
}

/** A detail of the buyer art. 226(5) and (4) ask for that an account may lack. */
export type BuyerDetail = 'companyName' | 'address' | 'vatId';

/** What the buyer's account lacks for a complete invoice; a VAT id that fails its country's check counts as none. */
export function missingBuyerDetails(buyer: {
  companyName: string | null;
  country: string | null;
  vatId: string | null;
}): BuyerDetail[] {
  const missing: BuyerDetail[] = [];
  if (!buyer.companyName) missing.push('companyName');
  if (!buyer.country) missing.push('address');
  if (!buyer.vatId || !parseVatId(buyer.vatId)) missing.push('vatId');
  return missing;
}

function rateOf(country: string): number {
  const rate = standardVatRates[country];
  if (rate === undefined) throw new Error(`No VAT rate known for ${country}`);
  return rate;
}

export interface InvoiceLineInput {
  description: string;
  quantity: number;
  /** Net price of one, in minor units; negative on a credit note. */
  unitPrice: number;
  supply: SupplyKind;
}

export interface InvoiceLine extends InvoiceLineInput {
  lineTotal: number;
  treatment: VatTreatment;
  /** Basis points. */
  vatRate: number;
}

/** The net, VAT and gross of the lines of one rate and treatment (art. 226(8) and (10)). */
export interface RateTotal {
  treatment: VatTreatment;
  /** Basis points. */
  rate: number;
  net: number;
  vat: number;
  gross: number;
}

export interface InvoiceTotals {
  lines: InvoiceLine[];
  rates: RateTotal[];
  net: number;
  vat: number;
  gross: number;
}

/** Half away from zero on integers, for credit notes' negative amounts too: (net * rate) / 10000. */
export function vatOf(net: number, rateBasisPoints: number): number {
  const product = BigInt(net) * BigInt(rateBasisPoints);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude + 5000n) / 10000n;
  return Number(product < 0n ? -rounded : rounded);
}

export function computeTotals<Line extends InvoiceLineInput>(
  lines: Line[],
  vatFor: (line: Line) => VatDecision,
): InvoiceTotals {
  const priced = lines.map((line) => {
    const vat = vatFor(line);
    return {
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      supply: line.supply,
      lineTotal: line.quantity * line.unitPrice,
      treatment: vat.treatment,
      vatRate: vat.rate,
    };
  });
  const groups = new Map<string, RateTotal>();
  for (const line of priced) {
    const key = `${line.treatment}:${line.vatRate}`;
    const group = groups.get(key) ?? {
      treatment: line.treatment,
      rate: line.vatRate,
      net: 0,
      vat: 0,
      gross: 0,
    };
    group.net += line.lineTotal;
    groups.set(key, group);
  }
  const rates = [...groups.values()].map((group) => {
    const vat = vatOf(group.net, group.rate);
    return { ...group, vat, gross: group.net + vat };
  });
  const sum = (pick: (rate: RateTotal) => number) => rates.reduce((total, rate) => total + pick(rate), 0);
  return { lines: priced, rates, net: sum((r) => r.net), vat: sum((r) => r.vat), gross: sum((r) => r.gross) };
}

/** A credit note's totals: every line of the invoice negated, taxed as the invoice taxed it. */
export function creditTotals(invoiced: InvoiceLine[]): InvoiceTotals {
  return computeTotals(
    invoiced.map((line) => ({ ...line, unitPrice: -line.unitPrice })),
    (line) => ({ treatment: line.treatment, rate: line.vatRate }),
  );
}
