import type { MessageId } from '../../shared/i18n/translator';

/**
 * The parts of '/settings', top to bottom: each is a section with this id and this heading, and the
 * page's 'On this page' list links to each (issue 23: at 320 px the page is one long scroll).
 */
export const settingsSections = [
  { id: 'personal-details', heading: 'settings.details.heading' },
  { id: 'email-address', heading: 'settings.email.heading' },
  { id: 'payment-method', heading: 'settings.paymentMethod.heading' },
  { id: 'addresses', heading: 'settings.addresses.heading' },
  { id: 'newsletter', heading: 'settings.newsletter.heading' },
  { id: 'cookie-settings', heading: 'settings.cookies.heading' },
  { id: 'your-data', heading: 'settings.data.heading' },
  { id: 'delete-account', heading: 'settings.delete.heading' },
] as const satisfies ReadonlyArray<{ id: string; heading: MessageId }>;

export type SettingsSectionId = (typeof settingsSections)[number]['id'];
