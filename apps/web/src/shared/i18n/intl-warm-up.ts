/**
 * The browser readies its Intl data the first time a page asks for a date, number or plural format:
 * some 30 ms on a desktop, four times that on a mid-range phone, whatever the format. Asked for by the
 * first page render, it lengthened the very task that shows the page (a 250 ms task on the orders page
 * under Lighthouse's slowdown). Asked for here, in a task of its own while the page's code and data are
 * still on their way, it is done before the page needs it. The formats made here are dropped: what
 * the browser keeps is its data, and the translator makes and keeps its own.
 */
export function warmUpIntl(locale: string): void {
  try {
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0);
    new Intl.NumberFormat(locale).format(0);
    new Intl.PluralRules(locale).select(0);
  } catch {
    // A locale the browser cannot format in fails the same way later, where it is reported.
  }
}
