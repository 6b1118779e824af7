import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LocaleMessages } from '@photo/contracts/app-config';
import { supportedLocales } from './storefronts';

/**
 * The web app's locale files (`apps/web/locales`), read once per storefront and locale: served to the
 * web app as `/locales/{locale}.json` on the storefront's host, and the texts of the few pages the
 * server renders from the same files.
 */
export function createLocaleCatalogues(localesDir: string) {
  const catalogues = new Map<string, Promise<LocaleMessages>>();
  return (locale: string, storefrontId: string): Promise<LocaleMessages> | undefined => {
    if (!supportedLocales.includes(locale)) return undefined;
    const key = `${storefrontId}|${locale}`;
    let catalogue = catalogues.get(key);
    if (!catalogue) {
      catalogue = loadCatalogue(localesDir, locale, storefrontId);
      catalogues.set(key, catalogue);
      catalogue.catch(() => catalogues.delete(key));
    }
    return catalogue;
  };
}

export type LocaleCatalogues = ReturnType<typeof createLocaleCatalogues>;

/**
 * A locale's messages: its language file, the locale's own file (if any) on top, and last the
 * storefront's own words in that language (if any; decision 135): its country's legal terms, which
 * a locale cannot tell apart (the German and Austrian storefronts both use `de-AT`).
 */
async function loadCatalogue(
  localesDir: string,
  locale: string,
  storefrontId: string,
): Promise<LocaleMessages> {
  const language = locale.split('-')[0]!;
  const read = (file: string) =>
    readFile(path.join(localesDir, file), 'utf8').then((text) => JSON.parse(text) as LocaleMessages);
  const optional = (file: string) => read(file).catch(() => ({}));
  const [base, specific, storefront] = await Promise.all([
    read(`${language}.json`),
    optional(`${locale}.json`),
    optional(path.join('storefronts', storefrontId, `${language}.json`)),
  ]);
  return { ...base, ...specific, ...storefront };
}
