import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LocaleMessages } from '@photo/contracts/app-config';
import { supportedLocales } from './storefronts';

/**
 * The web app's locale files (`apps/web/locales`), read once per locale: served to the web app as
 * `/locales/{locale}.json`, and the texts of the few pages the server renders from the same files.
 */
export function createLocaleCatalogues(localesDir: string) {
  const catalogues = new Map<string, Promise<LocaleMessages>>();
  return (locale: string): Promise<LocaleMessages> | undefined => {
    if (!supportedLocales.includes(locale)) return undefined;
    let catalogue = catalogues.get(locale);
    if (!catalogue) {
      catalogue = loadCatalogue(localesDir, locale);
      catalogues.set(locale, catalogue);
      catalogue.catch(() => catalogues.delete(locale));
    }
    return catalogue;
  };
}

export type LocaleCatalogues = ReturnType<typeof createLocaleCatalogues>;

/** A locale's messages: its language file, with the locale's own file (if any) on top. */
async function loadCatalogue(localesDir: string, locale: string): Promise<LocaleMessages> {
  const language = locale.split('-')[0]!;
  const base = JSON.parse(
    await readFile(path.join(localesDir, `${language}.json`), 'utf8'),
  ) as LocaleMessages;
  const specific = await readFile(path.join(localesDir, `${locale}.json`), 'utf8').then(
    (text) => JSON.parse(text) as LocaleMessages,
    () => ({}),
  );
  return { ...base, ...specific };
}
