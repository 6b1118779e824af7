/**
 * The browser readies its Intl data the first time a page asks for a date, number or plural format:
 * 40-80 ms in Chromium on this project's machines, four times that on a mid-range phone, whatever the
 * format and whatever the locale (a second locale then takes 1-7 ms). Asked for by the first page
 * render, it lengthened the very task that shows the page (a 250 ms task on the orders page under
 * Lighthouse's slowdown); asked for once the config had come, it was still a long task of its own
 * after the libraries. main.tsx asks here first thing, while the app's files are still on their way and
 * the browser has nothing else to run. The formats made here are dropped: what the browser keeps is its
 * data, and the translator makes and keeps its own.
 */
export function warmUpIntl(locale: string | undefined): void {
  try {
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0);
    new Intl.NumberFormat(locale).format(0);
    new Intl.PluralRules(locale).select(0);
  } catch {
    // A locale the browser cannot format in fails the same way later, where it is reported.
  }
}
