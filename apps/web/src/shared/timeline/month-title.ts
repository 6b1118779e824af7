import type { Translator } from '../i18n/translator';

/**
 * Intl formatters cost far more to create than to use, and each holds native ICU memory that the
 * garbage collector frees in long pauses; a grid formats a date per tile and a title per month on every
 * frame, so the timeline keeps one formatter per locale and style for the page's lifetime.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

const DATE_STYLES = {
  monthTitle: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  takenOn: { dateStyle: 'long', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function dateFormat(locale: string, style: keyof typeof DATE_STYLES): Intl.DateTimeFormat {
  const key = `${style}|${locale}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale, DATE_STYLES[style]);
    formatters.set(key, format);
  }
  return format;
}

/** 'May 2024', or 'Unknown Date' for photos without a real taken date (month 0 of year 0). */
export function monthTitle(i18n: Pick<Translator, 't' | 'locale'>, year: number, month: number): string {
  if (year === 0) return i18n.t('timeline.unknownDate');
  return dateFormat(i18n.locale, 'monthTitle').format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The camera's local time, shown as it was recorded (no zone conversion). */
export function takenOnDate(i18n: Pick<Translator, 'locale'>, dateTaken: string): string {
  return dateFormat(i18n.locale, 'takenOn').format(new Date(`${dateTaken}Z`));
}

/** A count in the locale's digits ('59,977', '59.977'). */
export function formatCount(i18n: Pick<Translator, 'locale'>, value: number): string {
  const key = `number|${i18n.locale}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(i18n.locale);
    formatters.set(key, format);
  }
  return format.format(value);
}
