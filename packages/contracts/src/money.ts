interface MoneyFormat {
  format: Intl.NumberFormat;
  minorDigits: number;
}

/**
 * One formatter per locale and currency, made on first use: making one costs about a hundred times
 * as much as using it, and a list formats a price per row on every render.
 */
const moneyFormats = new Map<string, MoneyFormat>();

function moneyFormat(currency: string, locale: string): MoneyFormat {
  const key = `${locale} ${currency}`;
  let kept = moneyFormats.get(key);
  if (!kept) {
    kept = {
      format: new Intl.NumberFormat(locale, { style: 'currency', currency }),
      // Digits of the currency's minor unit as Intl knows them (2 for EUR, GBP, NOK, SEK, DKK).
      minorDigits:
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2,
    };
    moneyFormats.set(key, kept);
  }
  return kept;
}

/** An amount in minor units as the locale writes it ('€ 12,34' in nl-NL, '£3.39' in en-GB). */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const { format, minorDigits } = moneyFormat(currency, locale);
  return format.format(amountMinor / 10 ** minorDigits);
}
