import { stdnum, type Validator } from 'stdnum';

/**
 * VAT ids checked by the country their prefix claims (decision 126): one validator per country, never
 * "any country whose format fits", which let a Norwegian id fail on other countries' formats first and
 * would let another country's number pass as an EU VAT id.
 */
const validators: Record<string, { country: string; validator: Validator }> = {
  AT: { country: 'AT', validator: stdnum.AT!.uid! },
  BE: { country: 'BE', validator: stdnum.BE!.vat! },
  BG: { country: 'BG', validator: stdnum.BG!.vat! },
  CY: { country: 'CY', validator: stdnum.CY!.vat! },
  CZ: { country: 'CZ', validator: stdnum.CZ!.dic! },
  DE: { country: 'DE', validator: stdnum.DE!.vat! },
  DK: { country: 'DK', validator: stdnum.DK!.cvr! },
  EE: { country: 'EE', validator: stdnum.EE!.kmkr! },
  // Greece's VAT prefix is EL (VAT Directive art. 215); GR, its ISO code, is what customers often type.
  EL: { country: 'GR', validator: stdnum.GR!.vat! },
  GR: { country: 'GR', validator: stdnum.GR!.vat! },
  ES: { country: 'ES', validator: stdnum.ES!.nif! },
  FI: { country: 'FI', validator: stdnum.FI!.alv! },
  FR: { country: 'FR', validator: stdnum.FR!.tva! },
  HR: { country: 'HR', validator: stdnum.HR!.oib! },
  HU: { country: 'HU', validator: stdnum.HU!.anum! },
  IE: { country: 'IE', validator: stdnum.IE!.vat! },
  IT: { country: 'IT', validator: stdnum.IT!.iva! },
  LT: { country: 'LT', validator: stdnum.LT!.pvm! },
  LU: { country: 'LU', validator: stdnum.LU!.tva! },
  LV: { country: 'LV', validator: stdnum.LV!.pvn! },
  MT: { country: 'MT', validator: stdnum.MT!.vat! },
  NL: { country: 'NL', validator: stdnum.NL!.btw! },
  PL: { country: 'PL', validator: stdnum.PL!.nip! },
  PT: { country: 'PT', validator: stdnum.PT!.nif! },
  RO: { country: 'RO', validator: stdnum.RO!.cif! },
  SE: { country: 'SE', validator: stdnum.SE!.vat! },
  SI: { country: 'SI', validator: stdnum.SI!.ddv! },
  SK: { country: 'SK', validator: stdnum.SK!.dph! },
  // Outside the EU: valid ids of their own country, which the VAT rules treat as exports.
  GB: { country: 'GB', validator: stdnum.GB!.vat! },
  NO: { country: 'NO', validator: stdnum.NO!.mva! },
  // The Swiss id is written CHE-123.456.789 MWST/TVA/IVA; its validator keeps the CHE in the number.
  CH: { country: 'CH', validator: stdnum.CH!.vat! },
};

/** The member states of the EU VAT area: their ids are EU VAT ids; others' are ids of an export's buyer. */
export const euCountries: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

export interface VatId {
  /** ISO 3166-1 alpha-2 country the id belongs to (GR for an EL id). */
  country: string;
  /** As stored and printed: the VAT prefix and the compact number, e.g. `NO923609016MVA`, `EL094259216`. */
  normalized: string;
}

/** The id checked by its own country's format and checksum; undefined when it is not a valid VAT id. */
export function parseVatId(value: string): VatId | undefined {
  const compact = value.replace(/[\s.\-/]/g, '').toUpperCase();
  const prefix = compact.slice(0, 2);
  const entry = validators[prefix];
  if (!entry) return undefined;
  const result = entry.validator.validate(compact);
  if (!result.isValid) return undefined;
  // The validators' compact forms differ: some keep the prefix (CHE...), most drop it.
  const number = result.compact.startsWith(prefix) ? result.compact.slice(prefix.length) : result.compact;
  return { country: entry.country, normalized: `${entry.country === 'GR' ? 'EL' : prefix}${number}` };
}

/**
 * The optional online check of an EU VAT id against the member state's register (VIES): off by default
 * (decision 126), so an id is accepted on its format and checksum alone unless an operator configures it.
 */
export interface ViesCheck {
  /** `valid` or `invalid` as VIES answers; `unavailable` when the member state's service does not answer. */
  check(vatId: VatId): Promise<'valid' | 'invalid' | 'unavailable'>;
}

/** VIES's answer for one id: `GET {base}/ms/{country}/vat/{number}`, e.g. `{ "isValid": true }`. */
export function viesOverHttp(baseUrl: string, fetchFn: typeof fetch = fetch): ViesCheck {
  return {
    async check(vatId) {
      const prefix = vatId.normalized.slice(0, 2);
      const url = `${baseUrl.replace(/\/$/, '')}/ms/${prefix}/vat/${encodeURIComponent(vatId.normalized.slice(2))}`;
      try {
        const response = await fetchFn(url, { signal: AbortSignal.timeout(5000) });
        if (!response.ok) return 'unavailable';
        const body = (await response.json()) as { isValid?: unknown; userError?: unknown };
        if (body.isValid === true) return 'valid';
        // VIES answers isValid false also when the member state's register is down; only INVALID refuses.
        return body.userError === 'INVALID' ? 'invalid' : 'unavailable';
      } catch {
        return 'unavailable';
      }
    },
  };
}
