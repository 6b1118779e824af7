import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { AddressCountry } from './address-schema';

// libphonenumber's metadata for every country is three quarters of the size of the address code: it
// is a module of its own, so that pages which only show an address do not load it (decision 161); they
// format with the smaller metadata of phone-format.ts.

/** A phone number in E.164 (`+31201234567`), or undefined when it is not a valid number. */
export function normalizePhone(value: string, country: AddressCountry): string | undefined {
  const parsed = parsePhoneNumberFromString(value.trim(), country);
  return parsed?.isValid() ? parsed.number : undefined;
}
