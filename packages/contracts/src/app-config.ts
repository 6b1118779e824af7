import { z } from 'zod/mini';
import { serviceNames } from './endpoint';

/** The five feature flags of spec section 6. */
export const featureFlagNames = [
  'PhotoManagementTimelineViewEnabled',
  'PhotoManagementAlbumViewEnabled',
  'PhotoManagementSharedAlbumsViewEnabled',
  'PhotoManagementUploadViewEnabled',
  'PhotoManagementReactivationEnabled',
] as const;
export type FeatureFlagName = (typeof featureFlagNames)[number];

export const ChannelSchema = z.object({
  ID: z.string().check(z.minLength(1)),
  Vendor: z.string().check(z.minLength(1)),
  Locale: z.string().check(z.minLength(2)),
});
export type Channel = z.infer<typeof ChannelSchema>;

const httpUrl = z.url({ protocol: /^https?$/ });

export const AppConfigSchema = z.object({
  channel: ChannelSchema,
  /** Locales the storefront offers (Belgium: Dutch and French). */
  locales: z.array(z.string()).check(z.minLength(1)),
  apiBaseUrls: z.object(
    Object.fromEntries(serviceNames.map((name) => [name, httpUrl])) as {
      [K in (typeof serviceNames)[number]]: typeof httpUrl;
    },
  ),
  printsEditorUrl: httpUrl,
  /**
   * Ordering prints of selected photos (docs/product/albums.md, roles.md): `enabled` when the storefront's order-prints
   * switch is on and its prints product can be ordered as prints; the editor opens with `productCode`.
   */
  printsOrdering: z.object({ enabled: z.boolean(), productCode: z.string().check(z.minLength(1)) }),
  /** The shop's mobile app (a deep link): on phones, 'Add photos' of an album opens it (docs/product/albums.md). */
  nativeAppUrl: z.nullable(z.string().check(z.minLength(1))),
  cookieConsentUrl: httpUrl,
  faqUrl: httpUrl,
  shopUrl: httpUrl,
  createAccountUrl: httpUrl,
  customerCareUrl: httpUrl,
  auth: z.object({
    authority: httpUrl,
    clientId: z.string(),
    scopes: z.array(z.string()),
    loginUrl: z.string(),
    logoutUrl: z.string(),
  }),
  /** Host names on which each flag is on (docs/product/roles.md: a flag may come from a host list in config). */
  featureFlagHosts: z.object(
    Object.fromEntries(featureFlagNames.map((name) => [name, z.array(z.string())])) as {
      [K in FeatureFlagName]: z.ZodMiniArray<z.ZodMiniString>;
    },
  ),
  feedbackSurveyId: z.nullable(z.string()),
  supportChatScriptUrl: z.nullable(httpUrl),
  errorReportUrl: z.string(),
  /** The shop's public navigation for this channel (docs/product/calls.md: a config URL plus the channel). */
  menuConfigUrl: z.string(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

/** Links of the shop's own navigation shown in the account area's header. */
export const MenuConfigSchema = z.object({
  items: z.array(z.object({ label: z.string().check(z.minLength(1)), url: httpUrl })),
});
export type MenuConfig = z.infer<typeof MenuConfigSchema>;

/** Locale message catalogue: flat keys to ICU message strings. */
export type LocaleMessages = Record<string, string>;

/**
 * Checked in one pass over the catalogue's values: a record schema runs its whole machinery per key,
 * and with some 700 messages that was a 36 ms task on every page load (145 ms under Lighthouse's
 * slowdown), on the way to the first render.
 */
export const LocaleMessagesSchema = z.custom<LocaleMessages>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((message) => typeof message === 'string'),
  { message: 'Expected an object of message strings' },
);
