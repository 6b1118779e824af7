import type { AppConfig } from '../config';

export interface Storefront {
  /** Short id, also the default local host name's first label (`nl` -> `nl.localhost`). */
  id: string;
  channelId: string;
  vendor: string;
  /** First locale is the default; Belgium offers Dutch and French. */
  locales: string[];
  countryDomain: string;
  /** ISO 4217 currency of its prices and orders. */
  currency: string;
}

/** The 13 storefronts of spec section 1. The German storefront's locale is forced to de-AT (docs/product/limits.md). */
export const storefronts: readonly Storefront[] = [
  {
    id: 'be',
    channelId: 'BE',
    vendor: 'PhotoShop Belgium',
    locales: ['nl-BE', 'fr-BE'],
    countryDomain: 'be',
    currency: 'EUR',
  },
  {
    id: 'de',
    channelId: 'DE',
    vendor: 'PhotoShop Deutschland',
    locales: ['de-AT'],
    countryDomain: 'de',
    currency: 'EUR',
  },
  {
    id: 'nl',
    channelId: 'NL',
    vendor: 'PhotoShop Nederland',
    locales: ['nl-NL'],
    countryDomain: 'nl',
    currency: 'EUR',
  },
  {
    id: 'uk',
    channelId: 'UK',
    vendor: 'PhotoShop UK',
    locales: ['en-GB'],
    countryDomain: 'co.uk',
    currency: 'GBP',
  },
  {
    id: 'no',
    channelId: 'NO',
    vendor: 'PhotoShop Norge',
    locales: ['nb-NO'],
    countryDomain: 'no',
    currency: 'NOK',
  },
  {
    id: 'fr',
    channelId: 'FR',
    vendor: 'PhotoShop France',
    locales: ['fr-FR'],
    countryDomain: 'fr',
    currency: 'EUR',
  },
  {
    id: 'se',
    channelId: 'SE',
    vendor: 'PhotoShop Sverige',
    locales: ['sv-SE'],
    countryDomain: 'se',
    currency: 'SEK',
  },
  {
    id: 'at',
    channelId: 'AT',
    vendor: 'PhotoShop Österreich',
    locales: ['de-AT'],
    countryDomain: 'at',
    currency: 'EUR',
  },
  {
    id: 'ie',
    channelId: 'IE',
    vendor: 'PhotoShop Ireland',
    locales: ['en-IE'],
    countryDomain: 'ie',
    currency: 'EUR',
  },
  {
    id: 'it',
    channelId: 'IT',
    vendor: 'PhotoShop Italia',
    locales: ['it-IT'],
    countryDomain: 'it',
    currency: 'EUR',
  },
  {
    id: 'dk',
    channelId: 'DK',
    vendor: 'PhotoShop Danmark',
    locales: ['da-DK'],
    countryDomain: 'dk',
    currency: 'DKK',
  },
  {
    id: 'es',
    channelId: 'ES',
    vendor: 'PhotoShop España',
    locales: ['es-ES'],
    countryDomain: 'es',
    currency: 'EUR',
  },
  {
    id: 'pt',
    channelId: 'PT',
    vendor: 'PhotoShop Portugal',
    locales: ['pt-PT'],
    countryDomain: 'pt',
    currency: 'EUR',
  },
];

/** Plain `localhost` (and a bare IP) serves this one, so the product opens without a host name. */
export const DEFAULT_STOREFRONT_ID = 'uk';

/** Every locale any storefront uses; `/locales/{id}.json` answers only these. */
export const supportedLocales: readonly string[] = [...new Set(storefronts.flatMap((s) => s.locales))];

/** Feedback survey ids exist for 11 locales (docs/product/limits.md); the others have none. */
const feedbackSurveyIds: Record<string, string> = {
  'nl-NL': 'survey-nl-nl',
  'nl-BE': 'survey-nl-be',
  'fr-FR': 'survey-fr-fr',
  'fr-BE': 'survey-fr-be',
  'de-AT': 'survey-de-at',
  'en-GB': 'survey-en-gb',
  'en-IE': 'survey-en-ie',
  'it-IT': 'survey-it-it',
  'es-ES': 'survey-es-es',
  'sv-SE': 'survey-sv-se',
  'da-DK': 'survey-da-dk',
};

export function feedbackSurveyIdFor(locale: string): string | null {
  return feedbackSurveyIds[locale] ?? null;
}

export interface ResolvedStorefront {
  storefront: Storefront;
  /** Origin the browser uses for this storefront, e.g. `http://nl.localhost:8080`. */
  origin: string;
  hostname: string;
}

export interface StorefrontResolver {
  resolve(hostHeader: string | undefined): ResolvedStorefront | undefined;
  /** Every host name that serves a storefront (used for allowed origins). */
  readonly hostnames: readonly string[];
  /** A storefront by id (the default one for an unknown id), for work outside a request (mails of jobs). */
  byId(id: string | null | undefined): ResolvedStorefront;
}

export function createStorefrontResolver(
  config: Pick<AppConfig, 'storefrontHosts' | 'publicPort' | 'publicScheme'>,
): StorefrontResolver {
  const byHost = new Map<string, Storefront>();
  for (const storefront of storefronts) {
    byHost.set(`${storefront.id}.localhost`, storefront);
    const realHost = config.storefrontHosts[storefront.id];
    if (realHost) byHost.set(realHost.toLowerCase(), storefront);
  }
  const fallback = storefronts.find((s) => s.id === DEFAULT_STOREFRONT_ID)!;
  for (const local of ['localhost', '127.0.0.1', '[::1]']) byHost.set(local, fallback);

  const defaultPort = config.publicScheme === 'https' ? 443 : 80;
  const portSuffix = config.publicPort === defaultPort ? '' : `:${config.publicPort}`;

  return {
    hostnames: [...byHost.keys()],
    byId(id) {
      const storefront = storefronts.find((candidate) => candidate.id === id) ?? fallback;
      const hostname = config.storefrontHosts[storefront.id]?.toLowerCase() ?? `${storefront.id}.localhost`;
      return { storefront, hostname, origin: `${config.publicScheme}://${hostname}${portSuffix}` };
    },
    resolve(hostHeader) {
      if (!hostHeader) return undefined;
      const hostname = hostHeader.toLowerCase().replace(/:\d+$/, '');
      const storefront = byHost.get(hostname);
      if (!storefront) return undefined;
      // The origin is built from our own settings, never echoed from the Host header's port.
      return { storefront, hostname, origin: `${config.publicScheme}://${hostname}${portSuffix}` };
    },
  };
}

/** The locale for a request: the storefront's default unless the browser prefers another it offers. */
export function pickLocale(storefront: Storefront, acceptLanguage: string | undefined): string {
  if (storefront.locales.length === 1 || !acceptLanguage) return storefront.locales[0]!;
  const preferred = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=');
      return { language: tag.split('-')[0]!.toLowerCase(), weight: q ? Number(q) : 1 };
    })
    .sort((a, b) => b.weight - a.weight);
  for (const { language } of preferred) {
    const match = storefront.locales.find((locale) => locale.startsWith(`${language}-`));
    if (match) return match;
  }
  return storefront.locales[0]!;
}

/** Who a request speaks to: its storefront, and the locale of what it answers (texts, mails, pages). */
export interface StorefrontContext {
  storefront: ResolvedStorefront;
  locale: string;
}

/** The request's storefront and the locale its browser prefers among the storefront's. */
export const storefrontContextOf = (request: {
  storefront: ResolvedStorefront;
  headers: { 'accept-language'?: string | undefined };
}): StorefrontContext => ({
  storefront: request.storefront,
  locale: pickLocale(request.storefront.storefront, request.headers['accept-language']),
});
