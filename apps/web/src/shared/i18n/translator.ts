import { IntlMessageFormat, type Formatters, type PrimitiveType } from 'intl-messageformat';
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

/** One formatter per distinct set of options, made on first use. */
function keptPerOptions<Options, Format>(create: (options: Options) => Format): (options: Options) => Format {
  const formats = new Map<string, Format>();
  return (options) => {
    const key = JSON.stringify(options ?? {});
    let format = formats.get(key);
    if (!format) {
      format = create(options);
      formats.set(key, format);
    }
    return format;
  };
}

/**
 * IntlMessageFormat resolves its locale for every message it compiles through
 * `Intl.NumberFormat.supportedLocalesOf`, whose first call lists every locale the browser's ICU has:
 * under Lighthouse's slowdown that one call held the first render for 110 ms, and each later one cost
 * again (5 % of the photos page's main-thread time). A storefront's locale is one the app ships
 * messages for and the browser's Intl falls back from on its own, so the locale is taken as it is.
 */
const localeOf = (() => {
  const resolved = new Map<string, Intl.Locale>();
  return (locales: string | string[]) => {
    const tag = Array.isArray(locales) ? locales[0] : locales;
    if (tag === undefined) return undefined;
    let locale = resolved.get(tag);
    if (!locale) {
      locale = new Intl.Locale(tag);
      resolved.set(tag, locale);
    }
    return locale;
  };
})();
IntlMessageFormat.resolveLocale = localeOf;

/**
 * ICU messages for one storefront locale; each message is compiled once, on first use. Intl formatters
 * are kept too: they cost far more to create than to use, each holds native ICU memory the garbage
 * collector frees in long pauses, and a photo grid formats a date per tile on every frame.
 */
export function createTranslator(locale: string, messages: LocaleMessages): Translator {
  const dateFormat = keptPerOptions(
    (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
  );
  const numberFormat = keptPerOptions(
    (options: Intl.NumberFormatOptions = {}) => new Intl.NumberFormat(locale, options),
  );
  // Shared by every message: without them each message makes its own plural rules and number formats.
  const pluralRules = keptPerOptions(
    (options: Intl.PluralRulesOptions = {}) => new Intl.PluralRules(locale, options),
  );
  const formatters: Formatters = {
    getNumberFormat: (_locales, options) => numberFormat(options),
    getDateTimeFormat: (_locales, options) => dateFormat(options ?? {}),
    getPluralRules: (_locales, options) => pluralRules(options),
  };
  const compiled = new Map<string, IntlMessageFormat>();
  const compile = (id: string): IntlMessageFormat | undefined => {
    const source = messages[id];
    if (source === undefined) return undefined;
    let format = compiled.get(id);
    if (!format) {
      format = new IntlMessageFormat(source, locale, undefined, { formatters });
      compiled.set(id, format);
    }
    return format;
  };
  return {
    locale,
    // A missing message shows its id rather than breaking the page; the locale test keeps them complete.
    t: (id, values) => String(compile(id)?.format(values) ?? id),
    formatDate: (date, options = { dateStyle: 'medium' }) =>
      dateFormat(options).format(typeof date === 'string' ? new Date(date) : date),
    formatNumber: (value, options) => numberFormat(options).format(value),
  };
}
