import type { Translator } from '../i18n/translator';

const MONTH_TITLE = { month: 'long', year: 'numeric', timeZone: 'UTC' } satisfies Intl.DateTimeFormatOptions;
const TAKEN_ON = { dateStyle: 'long', timeZone: 'UTC' } satisfies Intl.DateTimeFormatOptions;

type Formatting = Pick<Translator, 't' | 'formatDate'>;

/** 'May 2024', or 'Unknown Date' for photos without a real taken date (month 0 of year 0; decision 145). */
export function monthTitle(i18n: Formatting, year: number, month: number): string {
  if (year === 0) return i18n.t('timeline.unknownDate');
  return i18n.formatDate(new Date(Date.UTC(year, month - 1, 1)), MONTH_TITLE);
}

/** The camera's local time, shown as it was recorded (no zone conversion). */
export function takenOnDate(i18n: Pick<Translator, 'formatDate'>, dateTaken: string): string {
  return i18n.formatDate(new Date(`${dateTaken}Z`), TAKEN_ON);
}
