import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import type { LocaleMessages } from '@photo/contracts/app-config';
import type enMessages from '../../../locales/en.json';

/** Every message id the app may ask for: the keys of the English catalogue, checked by the compiler. */
export type MessageId = keyof typeof enMessages;
export type MessageValues = Record<string, PrimitiveType>;

export interface Translator {
  locale: string;
  t: (id: MessageId, values?: MessageValues) => string;
  formatDate: (date: Date | string, options?: Intl.DateTimeFormatOptions) => string;
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string;
}

/** ICU messages for one storefront locale; each message is compiled once, on first use. */
export function createTranslator(locale: string, messages: LocaleMessages): Translator {
  const compiled = new Map<string, IntlMessageFormat>();
  const compile = (id: string): IntlMessageFormat | undefined => {
    const source = messages[id];
    if (source === undefined) return undefined;
    let format = compiled.get(id);
    if (!format) {
      format = new IntlMessageFormat(source, locale);
      compiled.set(id, format);
    }
    return format;
  };
  return {
    locale,
    // A missing message shows its id rather than breaking the page; the locale test keeps them complete.
    t: (id, values) => String(compile(id)?.format(values) ?? id),
    formatDate: (date, options = { dateStyle: 'medium' }) =>
      new Intl.DateTimeFormat(locale, options).format(typeof date === 'string' ? new Date(date) : date),
    formatNumber: (value, options) => new Intl.NumberFormat(locale, options).format(value),
  };
}
