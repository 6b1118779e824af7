import { E2E_PORT } from '../playwright.config';

/** A storefront the tests visit, with the language its pages are written in (README: Storefronts). */
export interface Storefront {
  code: string;
  /** The file name of its texts, in apps/web/locales and apps/server/src/auth/messages. */
  language: string;
  locale: string;
  origin: string;
  url(path: string): string;
}

function storefront(code: string, language: string, locale: string): Storefront {
  const origin = `http://${code}.localhost:${E2E_PORT}`;
  return { code, language, locale, origin, url: (path) => `${origin}${path}` };
}

export const netherlands = storefront('nl', 'nl', 'nl-NL');
export const germany = storefront('de', 'de', 'de-AT');
export const unitedKingdom = storefront('uk', 'en', 'en-GB');

/** One storefront per language of the account area (en, nl, fr, de, nb, sv, it, da, es, pt). */
export const storefrontPerLanguage: readonly Storefront[] = [
  unitedKingdom,
  netherlands,
  storefront('fr', 'fr', 'fr-FR'),
  germany,
  storefront('no', 'nb', 'nb-NO'),
  storefront('se', 'sv', 'sv-SE'),
  storefront('it', 'it', 'it-IT'),
  storefront('dk', 'da', 'da-DK'),
  storefront('es', 'es', 'es-ES'),
  storefront('pt', 'pt', 'pt-PT'),
];
