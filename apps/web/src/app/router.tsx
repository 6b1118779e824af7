import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import type { AppEnvironment } from '../shared/environment/app-environment.context';
import { CarryNavigate } from '../shared/routing/app-link';
import { RouteGuard } from '../shared/routing/route-guard';
import { LoadingScreen } from './loading-screen';
import { MainShell } from './layouts/main-shell';
import { FullScreenLayout, MinimalLayout } from './layouts/minimal-layout';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import { signedInLoader } from './signed-in.loader';

/** Each page is its own chunk, fetched the first time its route matches. */
function page<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const timeline = { flag: 'PhotoManagementTimelineViewEnabled' } as const;
const albums = { flag: 'PhotoManagementAlbumViewEnabled' } as const;
const sharedAlbums = { flag: 'PhotoManagementSharedAlbumsViewEnabled' } as const;

/** The whole route table of spec 2.1, in one place. */
export function createRoutes(environment: AppEnvironment, queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        {
          // Public: reached from e-mails and after deleting the account, so no sign-in.
          element: <MinimalLayout home="shop" />,
          children: [
            {
              path: 'account-deleted',
              lazy: page(
                () => import('../features/account-lifecycle/account-deleted.page'),
                'AccountDeletedPage',
              ),
            },
            {
              path: 'change-email-success',
              lazy: page(
                () => import('../features/account-lifecycle/change-email-success.page'),
                'ChangeEmailSuccessPage',
              ),
            },
            {
              path: 'subscription-confirmation',
              lazy: page(
                () => import('../features/account-lifecycle/subscription-confirmation.page'),
                'SubscriptionConfirmationPage',
              ),
            },
            {
              path: 'subscription-confirmation-success',
              lazy: page(
                () => import('../features/account-lifecycle/subscription-confirmation-success.page'),
                'SubscriptionConfirmationSuccessPage',
              ),
            },
            {
              path: 'subscription-confirmation-error',
              lazy: page(
                () => import('../features/account-lifecycle/subscription-confirmation-error.page'),
                'SubscriptionConfirmationErrorPage',
              ),
            },
          ],
        },
        {
          id: 'signed-in',
          loader: signedInLoader(environment, queryClient),
          children: [
            {
              element: <MinimalLayout home="account" />,
              children: [
                {
                  path: 'delete-account-confirmation',
                  lazy: page(
                    () => import('../features/account-lifecycle/delete-account-confirmation.page'),
                    'DeleteAccountConfirmationPage',
                  ),
                },
                {
                  path: 'delete-account-error',
                  lazy: page(
                    () => import('../features/account-lifecycle/confirmation-error.page'),
                    'DeleteAccountErrorPage',
                  ),
                },
                {
                  path: 'change-email-confirmation',
                  lazy: page(
                    () => import('../features/account-lifecycle/change-email-confirmation.page'),
                    'ChangeEmailConfirmationPage',
                  ),
                },
                {
                  path: 'change-email-error',
                  lazy: page(
                    () => import('../features/account-lifecycle/confirmation-error.page'),
                    'ChangeEmailErrorPage',
                  ),
                },
                {
                  path: 'logout',
                  lazy: page(() => import('../features/account-lifecycle/logout.page'), 'LogoutPage'),
                },
              ],
            },
            {
              element: <FullScreenLayout />,
              children: [
                {
                  element: <RouteGuard rule={timeline} />,
                  children: [
                    {
                      path: 'my-photos/photos/preview/:id',
                      lazy: page(() => import('../features/photos/photo-preview.page'), 'PhotoPreviewPage'),
                    },
                  ],
                },
                {
                  element: <RouteGuard rule={albums} />,
                  children: [
                    {
                      path: 'my-photos/albums/:id/preview/:photoId',
                      lazy: page(
                        () => import('../features/albums/album-photo-preview.page'),
                        'AlbumPhotoPreviewPage',
                      ),
                    },
                  ],
                },
                {
                  element: <RouteGuard rule={sharedAlbums} />,
                  children: [
                    {
                      path: 'my-photos/shared-albums/:id/preview/:photoId',
                      lazy: page(
                        () => import('../features/albums/album-photo-preview.page'),
                        'SharedAlbumPhotoPreviewPage',
                      ),
                    },
                  ],
                },
              ],
            },
            {
              element: <MainShell />,
              children: [
                {
                  index: true,
                  lazy: page(() => import('../features/overview/overview.page'), 'OverviewPage'),
                },
                { path: 'orders', lazy: page(() => import('../features/orders/orders.page'), 'OrdersPage') },
                {
                  path: 'orders/:orderCode',
                  lazy: page(() => import('../features/orders/order-details.page'), 'OrderDetailsPage'),
                },
                {
                  path: 'saved-projects',
                  lazy: page(
                    () => import('../features/saved-projects/saved-projects.page'),
                    'SavedProjectsPage',
                  ),
                },
                { path: 'my-photos', element: <CarryNavigate to="/my-photos/photos" /> },
                {
                  element: <RouteGuard rule={timeline} />,
                  children: [
                    {
                      path: 'my-photos/photos',
                      lazy: page(() => import('../features/photos/photos.page'), 'PhotosPage'),
                    },
                  ],
                },
                {
                  element: <RouteGuard rule={albums} />,
                  children: [
                    {
                      path: 'my-photos/albums',
                      lazy: page(() => import('../features/albums/albums.page'), 'AlbumsPage'),
                    },
                    {
                      path: 'my-photos/albums/:id',
                      lazy: page(() => import('../features/albums/album.page'), 'AlbumPage'),
                    },
                  ],
                },
                {
                  element: <RouteGuard rule={sharedAlbums} />,
                  children: [
                    {
                      path: 'my-photos/shared-albums/:id',
                      lazy: page(() => import('../features/albums/shared-album.page'), 'SharedAlbumPage'),
                    },
                  ],
                },
                {
                  path: 'downloads',
                  lazy: page(() => import('../features/downloads/downloads.page'), 'DownloadsPage'),
                },
                {
                  path: 'settings/personal-details',
                  lazy: page(
                    () => import('../features/settings/personal-details.page'),
                    'PersonalDetailsPage',
                  ),
                },
                {
                  path: 'settings/payment-method',
                  lazy: page(() => import('../features/settings/payment-method.page'), 'PaymentMethodPage'),
                },
                {
                  // Private customers: their settings, e-mail, addresses and online photo books.
                  element: <RouteGuard rule={{ b2b: false }} />,
                  children: [
                    {
                      path: 'settings',
                      lazy: page(() => import('../features/settings/settings.page'), 'SettingsPage'),
                    },
                    {
                      path: 'settings/email',
                      lazy: page(() => import('../features/settings/email.page'), 'EmailPage'),
                    },
                    ...['settings/new-address', 'settings/address', 'settings/addresses/all'].map((path) => ({
                      path,
                      lazy: page(
                        () => import('../features/settings/delivery-address.page'),
                        'DeliveryAddressPage',
                      ),
                    })),
                    {
                      path: 'online-products',
                      lazy: page(
                        () => import('../features/online-products/online-products.page'),
                        'OnlineProductsPage',
                      ),
                    },
                    {
                      path: 'online-products/:productCode',
                      lazy: page(
                        () => import('../features/online-products/widget-share.page'),
                        'WidgetSharePage',
                      ),
                    },
                  ],
                },
                {
                  // Business customers (spec 6): invoices, FTP instructions, B2B settings and addresses.
                  element: <RouteGuard rule={{ b2b: true }} />,
                  children: [
                    {
                      path: 'invoices',
                      lazy: page(() => import('../features/invoices/invoices.page'), 'InvoicesPage'),
                    },
                    {
                      path: 'integration',
                      lazy: page(() => import('../features/integration/integration.page'), 'IntegrationPage'),
                    },
                    {
                      path: 'settings/b2b',
                      lazy: page(() => import('../features/settings/settings.page'), 'SettingsPage'),
                    },
                    {
                      path: 'settings/b2b/email',
                      lazy: page(() => import('../features/settings/email.page'), 'EmailPage'),
                    },
                    ...['settings/b2b/new-address', 'settings/b2b/address'].map((path) => ({
                      path,
                      lazy: page(
                        () => import('../features/settings/delivery-address.page'),
                        'DeliveryAddressPage',
                      ),
                    })),
                  ],
                },
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

export function createAppRouter(environment: AppEnvironment, queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(environment, queryClient));
}
