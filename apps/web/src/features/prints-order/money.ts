import type { Money } from '@photo/contracts/merchandise';

/** Digits of a currency's minor unit as Intl knows them (2 for EUR, GBP, NOK, SEK, DKK). */
const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** An amount in minor units, in the storefront's locale and currency. */
export function formatMoney(
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string,
  money: Money,
): string {
  return formatNumber(money.amountMinor / 10 ** minorDigits(money.currency), {
    style: 'currency',
    currency: money.currency,
  });
}
