import { downloadsApi } from '@photo/contracts/downloads';
import type { ApiRouter } from '../platform/api-router';
import { storefrontContextOf } from '../storefronts/storefronts';
import type { DownloadsService } from './downloads.service';

/** docs/product/calls.md 'Photo downloads'. */
export function registerDownloadRoutes(api: ApiRouter, deps: { downloads: DownloadsService }): void {
  const { downloads } = deps;
  // The note about photos left out is written in the language the customer asked in.
  const localeOf = (request: Parameters<typeof storefrontContextOf>[0]) =>
    storefrontContextOf(request).locale;
  api.handle(downloadsApi.create, ({ caller, body, request }) =>
    downloads.createFromLibrary(caller, { id: body.id, photoIds: body.photos, locale: localeOf(request) }),
  );
  api.handle(downloadsApi.createForSharedAlbum, ({ caller, body, request }) =>
    downloads.createFromSharedAlbum(caller, {
      id: body.id,
      albumId: body.albumId,
      photos: body.photos,
      locale: localeOf(request),
    }),
  );
  api.handle(downloadsApi.list, async ({ caller }) => ({ items: await downloads.list(caller) }));
  api.handle(downloadsApi.url, async ({ caller, params, request }) => ({
    url: await downloads.signedUrl(caller, params.downloadId, request.storefront.origin),
  }));
}
