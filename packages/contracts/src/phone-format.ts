import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A stored phone number as people read it, grouped as its country groups them and with its country
 * code, since an address is read on storefronts of other countries too: '+44 20 7946 0958'.
 *
 * Formatting needs each country's groupings only, not the number patterns that tell whether a number is
 * valid (phone.ts): libphonenumber's 'min' metadata is half the size of 'max' (83 against 157 kB), and
 * the pages that show an address load this after their first render. Both format every country's
 * example numbers alike (compared for all 245 countries when this was written).
 */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
