import type { AppRouteId } from './route-table';

/** A page: its module below `src/features/` (a `*.page.tsx` file, without the extension) and the export to render. */
export interface RoutePage {
  module: string;
  component: string;
}

/**
 * The page of every entry of the route table, as data: the router loads each page's module the first
 * time its route matches, and the build lists each route's chunks for the server, which names them in
 * the page it sends so the browser fetches them at once (decision 161). The compiler asks for one per route.
 */
export const routePages: Record<AppRouteId, RoutePage> = {
  'account-deleted': { module: 'account-lifecycle/account-deleted.page', component: 'AccountDeletedPage' },
  'change-email-success': {
    module: 'account-lifecycle/change-email-success.page',
    component: 'ChangeEmailSuccessPage',
  },
  'subscription-confirmation': {
    module: 'account-lifecycle/subscription-confirmation.page',
    component: 'SubscriptionConfirmationPage',
  },
  'subscription-confirmation-success': {
    module: 'account-lifecycle/subscription-confirmation-success.page',
    component: 'SubscriptionConfirmationSuccessPage',
  },
  'subscription-confirmation-error': {
    module: 'account-lifecycle/subscription-confirmation-error.page',
    component: 'SubscriptionConfirmationErrorPage',
  },
  'newsletter-unsubscribe': {
    module: 'account-lifecycle/newsletter-unsubscribe.page',
    component: 'NewsletterUnsubscribePage',
  },
  'delete-account-confirmation': {
    module: 'account-lifecycle/delete-account-confirmation.page',
    component: 'DeleteAccountConfirmationPage',
  },
  'delete-account-error': {
    module: 'account-lifecycle/confirmation-error.page',
    component: 'DeleteAccountErrorPage',
  },
  'change-email-confirmation': {
    module: 'account-lifecycle/change-email-confirmation.page',
    component: 'ChangeEmailConfirmationPage',
  },
  'change-email-error': {
    module: 'account-lifecycle/confirmation-error.page',
    component: 'ChangeEmailErrorPage',
  },
  logout: { module: 'account-lifecycle/logout.page', component: 'LogoutPage' },
  'photo-preview': { module: 'photos/photo-preview.page', component: 'PhotoPreviewPage' },
  'album-photo-preview': { module: 'albums/album-photo-preview.page', component: 'AlbumPhotoPreviewPage' },
  'shared-album-photo-preview': {
    module: 'albums/shared-album-photo-preview.page',
    component: 'SharedAlbumPhotoPreviewPage',
  },
  overview: { module: 'overview/overview.page', component: 'OverviewPage' },
  orders: { module: 'orders/orders.page', component: 'OrdersPage' },
  'order-details': { module: 'orders/order-details.page', component: 'OrderDetailsPage' },
  'order-placed': { module: 'orders/order-placed.page', component: 'OrderPlacedPage' },
  'saved-projects': { module: 'saved-projects/saved-projects.page', component: 'SavedProjectsPage' },
  photos: { module: 'photos/photos.page', component: 'PhotosPage' },
  albums: { module: 'albums/albums.page', component: 'AlbumsPage' },
  album: { module: 'albums/album.page', component: 'AlbumPage' },
  'shared-album': { module: 'albums/shared-album.page', component: 'SharedAlbumPage' },
  downloads: { module: 'downloads/downloads.page', component: 'DownloadsPage' },
  pdfs: { module: 'pdfs/pdfs.page', component: 'PdfsPage' },
  'prints-order': { module: 'prints-orders/prints-order.page', component: 'PrintsOrderPage' },
  'personal-details': { module: 'settings/personal-details.page', component: 'PersonalDetailsPage' },
  'payment-method': { module: 'settings/payment-method.page', component: 'PaymentMethodPage' },
  settings: { module: 'settings/settings.page', component: 'SettingsPage' },
  email: { module: 'settings/email.page', component: 'EmailPage' },
  'new-address': { module: 'settings/address-edit.page', component: 'NewAddressPage' },
  address: { module: 'settings/address-edit.page', component: 'EditAddressPage' },
  addresses: { module: 'settings/addresses.page', component: 'AddressesPage' },
  'photo-books': { module: 'photo-books/photo-books.page', component: 'PhotoBooksPage' },
  'photo-book-share': { module: 'photo-books/photo-book-share.page', component: 'PhotoBookSharePage' },
  invoices: { module: 'invoices/invoices.page', component: 'InvoicesPage' },
  integration: { module: 'integration/integration.page', component: 'IntegrationPage' },
  'b2b-settings': { module: 'settings/settings.page', component: 'SettingsPage' },
  'b2b-email': { module: 'settings/email.page', component: 'EmailPage' },
  'b2b-new-address': { module: 'settings/address-edit.page', component: 'NewAddressPage' },
  'b2b-address': { module: 'settings/address-edit.page', component: 'EditAddressPage' },
};
