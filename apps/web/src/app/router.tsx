import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import type { AppEnvironment } from '../shared/environment/app-environment.context';
import { CarryNavigate } from '../shared/routing/app-link';
import type { AccessRule } from '../shared/routing/access-rule';
import { RouteGuard } from '../shared/routing/route-guard';
import { LoadingScreen } from './loading-screen';
import { MainShell } from './layouts/main-shell';
import { FullScreenLayout, MinimalLayout } from './layouts/minimal-layout';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import { appRoutes, type AppRoute, type AppRouteId, type RouteArea } from './route-table';
import { signedInLoader } from './signed-in.loader';

type LazyPage = () => Promise<{ Component: ComponentType }>;

/** Each page is its own chunk, fetched the first time its route matches. */
function page<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): LazyPage {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** The component of every entry of the route table; the compiler asks for one per route. */
const pages: Record<AppRouteId, LazyPage> = {
  'account-deleted': page(
    () => import('../features/account-lifecycle/account-deleted.page'),
    'AccountDeletedPage',
  ),
  'change-email-success': page(
    () => import('../features/account-lifecycle/change-email-success.page'),
    'ChangeEmailSuccessPage',
  ),
  'subscription-confirmation': page(
    () => import('../features/account-lifecycle/subscription-confirmation.page'),
    'SubscriptionConfirmationPage',
  ),
  'subscription-confirmation-success': page(
    () => import('../features/account-lifecycle/subscription-confirmation-success.page'),
    'SubscriptionConfirmationSuccessPage',
  ),
  'subscription-confirmation-error': page(
    () => import('../features/account-lifecycle/subscription-confirmation-error.page'),
    'SubscriptionConfirmationErrorPage',
  ),
  'newsletter-unsubscribe': page(
    () => import('../features/account-lifecycle/newsletter-unsubscribe.page'),
    'NewsletterUnsubscribePage',
  ),
  'delete-account-confirmation': page(
    () => import('../features/account-lifecycle/delete-account-confirmation.page'),
    'DeleteAccountConfirmationPage',
  ),
  'delete-account-error': page(
    () => import('../features/account-lifecycle/confirmation-error.page'),
    'DeleteAccountErrorPage',
  ),
  'change-email-confirmation': page(
    () => import('../features/account-lifecycle/change-email-confirmation.page'),
    'ChangeEmailConfirmationPage',
  ),
  'change-email-error': page(
    () => import('../features/account-lifecycle/confirmation-error.page'),
    'ChangeEmailErrorPage',
  ),
  logout: page(() => import('../features/account-lifecycle/logout.page'), 'LogoutPage'),
  'photo-preview': page(() => import('../features/photos/photo-preview.page'), 'PhotoPreviewPage'),
  'album-photo-preview': page(
    () => import('../features/albums/album-photo-preview.page'),
    'AlbumPhotoPreviewPage',
  ),
  'shared-album-photo-preview': page(
    () => import('../features/albums/shared-album-photo-preview.page'),
    'SharedAlbumPhotoPreviewPage',
  ),
  overview: page(() => import('../features/overview/overview.page'), 'OverviewPage'),
  orders: page(() => import('../features/orders/orders.page'), 'OrdersPage'),
  'order-details': page(() => import('../features/orders/order-details.page'), 'OrderDetailsPage'),
  'order-placed': page(() => import('../features/orders/order-placed.page'), 'OrderPlacedPage'),
  'saved-projects': page(() => import('../features/saved-projects/saved-projects.page'), 'SavedProjectsPage'),
  photos: page(() => import('../features/photos/photos.page'), 'PhotosPage'),
  albums: page(() => import('../features/albums/albums.page'), 'AlbumsPage'),
  album: page(() => import('../features/albums/album.page'), 'AlbumPage'),
  'shared-album': page(() => import('../features/albums/shared-album.page'), 'SharedAlbumPage'),
  downloads: page(() => import('../features/downloads/downloads.page'), 'DownloadsPage'),
  pdfs: page(() => import('../features/pdfs/pdfs.page'), 'PdfsPage'),
  'prints-order': page(() => import('../features/prints-orders/prints-order.page'), 'PrintsOrderPage'),
  'personal-details': page(() => import('../features/settings/personal-details.page'), 'PersonalDetailsPage'),
  'payment-method': page(() => import('../features/settings/payment-method.page'), 'PaymentMethodPage'),
  settings: page(() => import('../features/settings/settings.page'), 'SettingsPage'),
  email: page(() => import('../features/settings/email.page'), 'EmailPage'),
  'new-address': page(() => import('../features/settings/address-edit.page'), 'NewAddressPage'),
  address: page(() => import('../features/settings/address-edit.page'), 'EditAddressPage'),
  addresses: page(() => import('../features/settings/addresses.page'), 'AddressesPage'),
  'photo-books': page(() => import('../features/photo-books/photo-books.page'), 'PhotoBooksPage'),
  'photo-book-share': page(
    () => import('../features/photo-books/photo-book-share.page'),
    'PhotoBookSharePage',
  ),
  invoices: page(() => import('../features/invoices/invoices.page'), 'InvoicesPage'),
  integration: page(() => import('../features/integration/integration.page'), 'IntegrationPage'),
  'b2b-settings': page(() => import('../features/settings/settings.page'), 'SettingsPage'),
  'b2b-email': page(() => import('../features/settings/email.page'), 'EmailPage'),
  'b2b-new-address': page(() => import('../features/settings/address-edit.page'), 'NewAddressPage'),
  'b2b-address': page(() => import('../features/settings/address-edit.page'), 'EditAddressPage'),
};

/** The table's routes of one area, each behind the guard of its access rule (docs/product/routes.md). */
function routesOf(area: RouteArea): RouteObject[] {
  const guarded = new Map<string, { rule: AccessRule; children: RouteObject[] }>();
  const open: RouteObject[] = [];
  for (const route of appRoutes as readonly AppRoute[]) {
    if (route.area !== area) continue;
    const object: RouteObject =
      route.path === ''
        ? { index: true, lazy: pages[route.id as AppRouteId] }
        : { path: route.path, lazy: pages[route.id as AppRouteId] };
    if (!route.access) {
      open.push(object);
      continue;
    }
    const key = JSON.stringify(route.access);
    const group = guarded.get(key) ?? { rule: route.access, children: [] };
    group.children.push(object);
    guarded.set(key, group);
  }
  return [
    ...open,
    ...[...guarded.values()].map(({ rule, children }) => ({ element: <RouteGuard rule={rule} />, children })),
  ];
}

/** The router of docs/product/routes.md: the layouts around the route table's areas, and two redirects. */
export function createRoutes(
  environment: AppEnvironment,
  queryClient: QueryClient,
  startedSession?: Promise<unknown>,
): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        // Public: reached from e-mails and after deleting the account, so no sign-in.
        { element: <MinimalLayout home="shop" />, children: routesOf('public') },
        {
          id: 'signed-in',
          loader: signedInLoader(environment, queryClient, startedSession),
          children: [
            { element: <MinimalLayout home="account" />, children: routesOf('signed-in-minimal') },
            { element: <FullScreenLayout />, children: routesOf('full-screen') },
            {
              element: <MainShell />,
              children: [
                ...routesOf('main'),
                { path: 'my-photos', element: <CarryNavigate to="/my-photos/photos" /> },
                // An address the account area does not have leads to the overview, like a closed route.
                { path: '*', element: <CarryNavigate to="/" /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(
  environment: AppEnvironment,
  queryClient: QueryClient,
  startedSession?: Promise<unknown>,
) {
  return createBrowserRouter(createRoutes(environment, queryClient, startedSession));
}

/**
 * Starts downloading the page of `pathname` (its chunk and the chunks it imports) while config and
 * messages load, so the lazy route adds no round trip after them (decision 148). The router's own
 * `lazy` call later gets the same module from the browser's module map.
 */
export function preloadPage(pathname: string): void {
  const matches = matchRoutes(
    (appRoutes as readonly AppRoute[]).map((route) => ({ path: route.path || '/', id: route.id })),
    pathname,
  );
  const id = matches?.at(-1)?.route.id as AppRouteId | undefined;
  if (id) void pages[id]().catch(() => undefined);
}
