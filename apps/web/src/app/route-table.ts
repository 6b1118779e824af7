import type { AccessRule } from '../shared/routing/access-rule';

/**
 * Where a page sits (docs/product/routes.md): public pages reached from e-mails; signed-in pages outside the shell
 * (confirmations, sign-out); the full-screen photo previews; and the main shell with the side menu.
 */
export type RouteArea = 'public' | 'signed-in-minimal' | 'full-screen' | 'main';

export interface AppRoute {
  /** Names the page in `router.tsx`, which maps every id to its component. */
  id: string;
  /** Below the site root, without a leading slash; `''` is the overview. */
  path: string;
  area: RouteArea;
  /** docs/product/routes.md, roles.md: who may open it; anyone else is sent to the overview. */
  access?: AccessRule;
  /**
   * Why the end-to-end quality sweep does not visit it. Only for pages whose visit changes the
   * customer's state (signing out); every other route is swept in every language.
   */
  notSwept?: string;
}

const timeline: AccessRule = { flag: 'PhotoManagementTimelineViewEnabled' };
const albums: AccessRule = { flag: 'PhotoManagementAlbumViewEnabled' };
const sharedAlbums: AccessRule = { flag: 'PhotoManagementSharedAlbumsViewEnabled' };
const privateOnly: AccessRule = { b2b: false };
const businessOnly: AccessRule = { b2b: true };

/**
 * The whole route table of docs/product/routes.md, as data: the router builds its routes from it, and the
 * end-to-end sweep visits every entry, so a page added here is checked without anyone remembering.
 */
export const appRoutes = [
  { id: 'account-deleted', path: 'account-deleted', area: 'public' },
  { id: 'change-email-success', path: 'change-email-success', area: 'public' },
  { id: 'subscription-confirmation', path: 'subscription-confirmation', area: 'public' },
  { id: 'subscription-confirmation-success', path: 'subscription-confirmation-success', area: 'public' },
  { id: 'subscription-confirmation-error', path: 'subscription-confirmation-error', area: 'public' },
  // Beyond docs/product/routes.md: where the unsubscribe link of every newsletter mail leads (issue 12).
  { id: 'newsletter-unsubscribe', path: 'newsletter-unsubscribe', area: 'public' },

  { id: 'delete-account-confirmation', path: 'delete-account-confirmation', area: 'signed-in-minimal' },
  { id: 'delete-account-error', path: 'delete-account-error', area: 'signed-in-minimal' },
  { id: 'change-email-confirmation', path: 'change-email-confirmation', area: 'signed-in-minimal' },
  { id: 'change-email-error', path: 'change-email-error', area: 'signed-in-minimal' },
  { id: 'logout', path: 'logout', area: 'signed-in-minimal', notSwept: 'visiting it signs the customer out' },

  { id: 'photo-preview', path: 'my-photos/photos/preview/:id', area: 'full-screen', access: timeline },
  {
    id: 'album-photo-preview',
    path: 'my-photos/albums/:id/preview/:photoId',
    area: 'full-screen',
    access: albums,
  },
  {
    id: 'shared-album-photo-preview',
    path: 'my-photos/shared-albums/:id/preview/:photoId',
    area: 'full-screen',
    access: sharedAlbums,
  },

  { id: 'overview', path: '', area: 'main' },
  { id: 'orders', path: 'orders', area: 'main' },
  { id: 'order-details', path: 'orders/:orderCode', area: 'main' },
  // Beyond docs/product/routes.md: where a customer lands once an order placed here is paid (issue 20).
  { id: 'order-placed', path: 'orders/:orderCode/thank-you', area: 'main' },
  { id: 'saved-projects', path: 'saved-projects', area: 'main' },
  { id: 'photos', path: 'my-photos/photos', area: 'main', access: timeline },
  { id: 'albums', path: 'my-photos/albums', area: 'main', access: albums },
  { id: 'album', path: 'my-photos/albums/:id', area: 'main', access: albums },
  { id: 'shared-album', path: 'my-photos/shared-albums/:id', area: 'main', access: sharedAlbums },
  { id: 'downloads', path: 'downloads', area: 'main' },
  // Beyond docs/product/routes.md, which names no route for docs/product/overview.md's 'map PDF list' (decision 096).
  { id: 'pdfs', path: 'pdfs', area: 'main' },
  // The storefront's prints editor by default (decision 088): reached from 'Order prints'.
  { id: 'prints-order', path: 'prints-order', area: 'main' },
  { id: 'personal-details', path: 'settings/personal-details', area: 'main' },
  { id: 'payment-method', path: 'settings/payment-method', area: 'main' },

  // Private customers: their settings, e-mail, addresses and online photo books.
  { id: 'settings', path: 'settings', area: 'main', access: privateOnly },
  { id: 'email', path: 'settings/email', area: 'main', access: privateOnly },
  { id: 'new-address', path: 'settings/new-address', area: 'main', access: privateOnly },
  { id: 'address', path: 'settings/address', area: 'main', access: privateOnly },
  { id: 'addresses', path: 'settings/addresses/all', area: 'main', access: privateOnly },
  { id: 'photo-books', path: 'online-products', area: 'main', access: privateOnly },
  { id: 'photo-book-share', path: 'online-products/:productCode', area: 'main', access: privateOnly },

  // Business customers (docs/product/roles.md): invoices, FTP instructions, B2B settings and addresses.
  { id: 'invoices', path: 'invoices', area: 'main', access: businessOnly },
  { id: 'integration', path: 'integration', area: 'main', access: businessOnly },
  { id: 'b2b-settings', path: 'settings/b2b', area: 'main', access: businessOnly },
  { id: 'b2b-email', path: 'settings/b2b/email', area: 'main', access: businessOnly },
  { id: 'b2b-new-address', path: 'settings/b2b/new-address', area: 'main', access: businessOnly },
  { id: 'b2b-address', path: 'settings/b2b/address', area: 'main', access: businessOnly },
] as const satisfies readonly AppRoute[];

export type AppRouteId = (typeof appRoutes)[number]['id'];
