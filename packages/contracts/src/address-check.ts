import { addressRules, normalizePostcode, saysNoHouseNumber } from './addresses';
import {
  ADDRESS_FIELD_MAX_LENGTH,
  addressFields,
  type AddressField,
  type PostalAddress,
} from './address-schema';
import { normalizePhone } from './phone';
import { cleanLine } from './text';

// A street name has a letter and only the characters street names use; a house number starts with
// a digit and may carry an addition ('12a', '12-14', '3 bis', '7/2'), or is a kilometre of a road
// without numbers ('km 3', 'Km. 12,5'), as Spain, Italy and Portugal write them.
const STREET_NAME = /^(?=.*\p{L})[\p{L}\p{M}\d .,'’()&/-]+$/u;
const HOUSE_NUMBER = /^(?:\d[\p{L}\d .,/-]{0,14}|km\.? ?\d+(?:[.,]\d+)?)$/iu;
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
  if (
    cleaned.houseNumber &&
    !problems.houseNumber &&
    !HOUSE_NUMBER.test(cleaned.houseNumber) &&
    !saysNoHouseNumber(input.country, cleaned.houseNumber)
  )
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
