import {
  featureFlagNames,
  type AppConfig as ClientConfig,
  type FeatureFlagName,
  type MenuConfig,
} from '@photo/contracts/app-config';
import { serviceBasePath, serviceNames } from '@photo/contracts/endpoint';
import type { Capability } from '@photo/contracts/merchandise';
import { ERROR_REPORT_PATH } from '@photo/contracts/error-reports';
import { PRINTS_ORDER_PATH } from '@photo/contracts/prints-orders';
import { feedbackSurveyIdFor, type ResolvedStorefront } from './storefronts';

export const OIDC_CLIENT_ID = 'account-area';
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'];
export const LOGIN_PATH = '/auth/login';
export const LOGOUT_PATH = '/logout';

/**
 * What the storefront's settings ask of the merchandise catalogue, which itself builds on the
 * storefront list: declared here so the dependency points one way.
 */
export interface ArticleCapabilities {
  hasCapability(channelId: string, articleCode: string, capability: Capability): boolean;
}

/** Flags on for every storefront host unless configured otherwise: the product ships with all five. */
function defaultFlagHosts(hostnames: readonly string[]): Record<FeatureFlagName, string[]> {
  return Object.fromEntries(featureFlagNames.map((flag) => [flag, [...hostnames]])) as Record<
    FeatureFlagName,
    string[]
  >;
}

export interface StorefrontConfigOptions {
  hostnames: readonly string[];
  supportChatScriptUrl: string | undefined;
  /** The shop's order-prints switch. */
  printsOrdering: boolean;
  nativeAppUrl: string | undefined;
  /** The shop's own prints editor; unset: this product's prints-order page (decision 088). */
  printsEditorUrl: string | undefined;
  /** The catalogue, which says whether the prints product can be ordered as prints. */
  merchandise: ArticleCapabilities;
}

/** docs/product/states.md, limits.md: the prints editor opens with this product selected. */
export const PRINTS_PRODUCT_CODE = 'PAP_910';

/**
 * Whether a storefront's customers can order prints of selected photos (docs/product/albums.md, roles.md): the order-prints
 * switch is on and the merchandise catalogue says the prints product can be ordered as prints.
 */
export function printsOrderingFor(
  storefront: ResolvedStorefront['storefront'],
  options: Pick<StorefrontConfigOptions, 'printsOrdering' | 'merchandise'>,
): ClientConfig['printsOrdering'] {
  const capable = options.merchandise.hasCapability(
    storefront.channelId,
    PRINTS_PRODUCT_CODE,
    'ORDERABLE_AS_PRINTS',
  );
  return { enabled: options.printsOrdering && capable, productCode: PRINTS_PRODUCT_CODE };
}

/** The shop's own site (products, FAQ, editor, customer care): outside this system, one per country. */
export const shopUrlFor = (resolved: ResolvedStorefront) =>
  `https://www.photoshop.${resolved.storefront.countryDomain}`;

export const customerCareUrlFor = (resolved: ResolvedStorefront) => `${shopUrlFor(resolved)}/customer-care`;

export function issuerFor(resolved: ResolvedStorefront): string {
  return `${resolved.origin}/oidc`;
}

/** The body of `/config.json`: everything the web app needs before it signs the customer in. */
export function buildClientConfig(
  resolved: ResolvedStorefront,
  locale: string,
  options: StorefrontConfigOptions,
): ClientConfig {
  const { storefront, origin } = resolved;
  const shop = shopUrlFor(resolved);
  return {
    channel: { ID: storefront.channelId, Vendor: storefront.vendor, Locale: locale },
    locales: storefront.locales,
    apiBaseUrls: Object.fromEntries(
      serviceNames.map((service) => [service, `${origin}${serviceBasePath(service)}`]),
    ) as ClientConfig['apiBaseUrls'],
    printsEditorUrl: options.printsEditorUrl ?? `${origin}${PRINTS_ORDER_PATH}`,
    printsOrdering: printsOrderingFor(storefront, options),
    nativeAppUrl: options.nativeAppUrl ?? null,
    cookieConsentUrl: `${shop}/cookies`,
    faqUrl: `${shop}/faq`,
    shopUrl: shop,
    createAccountUrl: `${origin}/oidc/register`,
    customerCareUrl: customerCareUrlFor(resolved),
    auth: {
      authority: issuerFor(resolved),
      clientId: OIDC_CLIENT_ID,
      scopes: OIDC_SCOPES,
      loginUrl: LOGIN_PATH,
      logoutUrl: LOGOUT_PATH,
    },
    featureFlagHosts: defaultFlagHosts(options.hostnames),
    feedbackSurveyId: feedbackSurveyIdFor(locale),
    supportChatScriptUrl: options.supportChatScriptUrl ?? null,
    errorReportUrl: `${origin}${ERROR_REPORT_PATH}`,
    menuConfigUrl: `${origin}/menu-config/${storefront.channelId}.json`,
  };
}

const menuLabels: Record<string, [string, string, string, string]> = {
  en: ['Photo books', 'Prints', 'Wall decor', 'Gifts'],
  nl: ['Fotoboeken', 'Afdrukken', 'Wanddecoratie', 'Cadeaus'],
  fr: ['Livres photo', 'Tirages', 'Décoration murale', 'Cadeaux'],
  de: ['Fotobücher', 'Abzüge', 'Wanddeko', 'Geschenke'],
  nb: ['Fotobøker', 'Bilder', 'Veggdekor', 'Gaver'],
  sv: ['Fotoböcker', 'Kopior', 'Väggdekor', 'Presenter'],
  it: ['Fotolibri', 'Stampe', 'Decorazioni da parete', 'Regali'],
  da: ['Fotobøger', 'Billeder', 'Vægdekoration', 'Gaver'],
  es: ['Fotolibros', 'Copias', 'Decoración de pared', 'Regalos'],
  pt: ['Fotolivros', 'Impressões', 'Decoração de parede', 'Presentes'],
};

/** The shop's header navigation for a channel, in the storefront's (first) language. */
export function buildMenuConfig(resolved: ResolvedStorefront): MenuConfig {
  const { storefront } = resolved;
  const shop = shopUrlFor(resolved);
  const language = storefront.locales[0]!.split('-')[0]!;
  const [books, prints, wall, gifts] = menuLabels[language] ?? menuLabels.en!;
  return {
    items: [
      { label: books, url: `${shop}/photo-books` },
      { label: prints, url: `${shop}/prints` },
      { label: wall, url: `${shop}/wall-decor` },
      { label: gifts, url: `${shop}/gifts` },
    ],
  };
}
