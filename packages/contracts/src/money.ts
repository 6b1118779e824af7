/** Digits of a currency's minor unit as Intl knows them (2 for EUR, GBP, NOK, SEK, DKK). */
export const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** An amount in minor units as the locale writes it ('€ 12,34' in nl-NL, '£3.39' in en-GB). */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    amountMinor / 10 ** minorDigits(currency),
  );
}
