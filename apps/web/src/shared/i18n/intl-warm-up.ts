import { runInTurns } from '../scheduling/run-in-turns';

/**
 * The browser readies its Intl data the first time a page asks for a date, number or plural format:
 * 40-80 ms in Chromium on this project's machines (70-270 ms while Lighthouse traces), four times that
 * on a mid-range phone, whatever the format and whatever the locale (a second locale then takes 1-7 ms).
 * Asked for by the first page render, it lengthened the very task that shows the page (a 250 ms task on
 * the orders page under Lighthouse's slowdown); asked for once the config had come, it was still a long
 * task of its own after the libraries. main.tsx asks here first thing, while the app's files are still
 * on their way and the browser has nothing else to run.
 *
 * In three tasks, since part of the readying is shared by every Intl service and the rest is each
 * service's own: comparing two strings first readies the shared part (20-40 ms), then a number format
 * (25-30 ms instead of 40-75 ms when it comes first), then dates and plurals (5-10 ms). The formats made
 * here are dropped: what the browser keeps is its data, and the translator makes and keeps its own.
 */
export function warmUpIntl(locale: string | undefined): Promise<void> {
  return runInTurns([
    () => 'a'.localeCompare('b', locale),
    () => new Intl.NumberFormat(locale).format(0),
    () => {
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0);
      new Intl.PluralRules(locale).select(0);
    },
  ]).catch(() => {
    // A locale the browser cannot format in fails the same way later, where it is reported.
  });
}
