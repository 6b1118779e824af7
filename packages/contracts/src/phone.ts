import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { AddressCountry } from './address-schema';

// libphonenumber's metadata for every country is three quarters of the size of the address code: it
// is a module of its own, so that pages which only show an address do not load it (decision 161).

/** A phone number in E.164 (`+31201234567`), or undefined when it is not a valid number. */
export function normalizePhone(value: string, country: AddressCountry): string | undefined {
  const parsed = parsePhoneNumberFromString(value.trim(), country);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * A stored phone number as people read it, grouped as its country groups them and with its country
 * code, since an address is read on storefronts of other countries too: '+44 20 7946 0958'.
 */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
