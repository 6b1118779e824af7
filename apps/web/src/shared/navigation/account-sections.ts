import type { AppConfig } from '@photo/contracts/app-config';
import type { FeatureFlags } from '../feature-flags/feature-flags';
import type { MessageId } from '../i18n/translator';

export type AccountSection =
  | { id: string; kind: 'route'; titleId: MessageId; to: string; activeWithin: string }
  | { id: string; kind: 'external' | 'sign-out'; titleId: MessageId; href: string };

/**
 * The side menu of docs/product/routes.md, exactly: which items a customer sees depends on being B2B and on the
 * timeline flag. The overview page links to the same sections, so both read this one list.
 */
export function accountSections(access: {
  isB2B: boolean;
  flags: FeatureFlags;
  config: Pick<AppConfig, 'faqUrl' | 'auth'>;
}): AccountSection[] {
  const { isB2B, flags, config } = access;
  const route = (id: string, titleId: MessageId, to: string, activeWithin = to): AccountSection => ({
    id,
    kind: 'route',
    titleId,
    to,
    activeWithin,
  });
  return [
    route('overview', 'title.overview', '/'),
    route('orders', 'title.orders', '/orders'),
    ...(isB2B ? [route('invoices', 'title.invoices', '/invoices')] : []),
    ...(isB2B ? [route('integration', 'title.integration', '/integration')] : []),
    route('settings', 'title.settings', isB2B ? '/settings/b2b' : '/settings', '/settings'),
    route('saved-projects', 'title.savedProjects', '/saved-projects'),
    ...(flags.PhotoManagementTimelineViewEnabled
      ? [route('my-photos', 'title.myPhotos', '/my-photos/photos', '/my-photos')]
      : []),
    ...(isB2B ? [] : [route('photo-books', 'title.photoBooks', '/online-products')]),
    { id: 'faq', kind: 'external', titleId: 'menu.faq', href: config.faqUrl },
    { id: 'sign-out', kind: 'sign-out', titleId: 'menu.signOut', href: config.auth.logoutUrl },
  ];
}

/** The overview is active on `/` only; every other section also for the pages below it. */
export function isSectionActive(activeWithin: string, pathname: string): boolean {
  if (activeWithin === '/') return pathname === '/';
  return pathname === activeWithin || pathname.startsWith(`${activeWithin}/`);
}
