import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serviceBasePath } from '@photo/contracts/endpoint';
import {
  galleryApi,
  WIDGET_GALLERY_PATH,
  WIDGET_VIEWER_PATH,
  photoBooksApi,
} from '@photo/contracts/photo-books';
import type { ApiRouter } from '../platform/api-router';
import type { BlobStore } from '../platform/blob-store';
import type { Authenticate } from '../platform/caller';
import { registerPageAssets, type PageAsset } from '../platform/page-layout';
import type { LocaleCatalogues } from '../storefronts/locale-catalogues';
import { storefrontContextOf } from '../storefronts/storefronts';
import { renderGalleryPage } from './photo-book-gallery.page';
import {
  renderViewerNotFound,
  renderViewerPage,
  VIEWER_ASSETS_PATH,
  VIEWER_SCRIPT,
  VIEWER_STYLESHEET,
  type ViewerContext,
} from './photo-book-viewer.page';
import { WIDGET_PAGE_SIZES, type PhotoBookPageSize, type PhotoBooksService } from './photo-books.service';

const assetFiles: PageAsset[] = [
  {
    name: VIEWER_STYLESHEET,
    file: new URL('assets/photo-book-viewer.css', import.meta.url),
    type: 'text/css; charset=utf-8',
  },
  {
    name: VIEWER_SCRIPT,
    file: new URL('assets/photo-book-viewer.js', import.meta.url),
    type: 'text/javascript; charset=utf-8',
  },
];

const localeOf = (request: FastifyRequest) => storefrontContextOf(request).locale;

/** The calls of docs/product/calls.md 'PhotoBooks' (owner-scoped), the owner's cover image and the public viewer. */
export async function registerPhotoBookRoutes(
  app: FastifyInstance,
  api: ApiRouter,
  deps: {
    photoBooks: PhotoBooksService;
    blobs: BlobStore;
    authenticate: Authenticate;
    catalogues: LocaleCatalogues;
  },
): Promise<void> {
  const { photoBooks } = deps;

  api.handle(photoBooksApi.all, ({ caller, query, request }) =>
    photoBooks.all(caller, query.orderCodes, request.storefront.origin),
  );
  api.handle(photoBooksApi.get, ({ caller, params, request }) =>
    photoBooks.get(caller, params.id, request.storefront.origin),
  );
  api.handle(photoBooksApi.update, ({ caller, params, body, request }) =>
    photoBooks.setPublic(caller, params.id, body.isPublic, request.storefront.origin),
  );
  api.handle(photoBooksApi.delete, ({ caller, params }) => photoBooks.delete(caller, params.id));
  api.handle(photoBooksApi.share, ({ caller, params, query, request }) =>
    photoBooks.share(caller, params.id, query, request.storefront, localeOf(request)),
  );

  api.handle(galleryApi.get, ({ caller, params, query }) =>
    photoBooks.galleryEntry(caller, params.id, query.channel),
  );
  api.handle(galleryApi.create, ({ caller, body, request }) =>
    photoBooks.publish(caller, body, request.storefront),
  );
  api.handle(galleryApi.update, ({ caller, params, body }) =>
    photoBooks.recategorize(caller, params.id, body.categoryId),
  );
  api.handle(galleryApi.delete, ({ caller, params }) => photoBooks.unpublish(caller, params.id));
  api.handle(galleryApi.categories, async ({ caller }) => photoBooks.categories(caller));
  api.handle(galleryApi.blockedOrders, ({ caller, params }) => photoBooks.blockedOrders(caller, params.id));

  const sendPage = async (reply: FastifyReply, key: string, cacheControl: string) => {
    const stat = await deps.blobs.stat(key);
    if (!stat) return reply.callNotFound();
    void reply.type('image/webp').header('cache-control', cacheControl).header('content-length', stat.size);
    return reply.send(await deps.blobs.read(key));
  };

  app.get<{ Params: { id: string } }>(
    `${serviceBasePath('widgets')}/v1/widget/:id/cover`,
    async (request, reply) => {
      const caller = await deps.authenticate(request);
      // A new page upload has a new key, so the address changes with it only through the list.
      return sendPage(reply, await photoBooks.cover(caller, request.params.id), 'private, max-age=300');
    },
  );

  await registerPageAssets(app, VIEWER_ASSETS_PATH, assetFiles);

  const viewerContext = async (request: FastifyRequest): Promise<ViewerContext> => {
    const locale = localeOf(request);
    return {
      locale,
      vendor: request.storefront.storefront.vendor,
      messages: (await deps.catalogues(locale, request.storefront.storefront.id)) ?? {},
    };
  };

  // Public pages: not stored by caches or sent on as a referrer (the viewer's token is its credential),
  // so switching public viewing off takes effect at the next visit; whatever shows nothing is a 404.
  const publicPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    render: (context: ViewerContext) => Promise<string | undefined>,
  ) => {
    const context = await viewerContext(request);
    const html = await render(context);
    void reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex');
    if (html === undefined) return reply.status(404).send(renderViewerNotFound(context));
    return reply.send(html);
  };

  app.get<{ Querystring: { category?: string; page?: string } }>(WIDGET_GALLERY_PATH, (request, reply) =>
    publicPage(request, reply, async (context) => {
      const gallery = await photoBooks.gallery(request.storefront.storefront.channelId, request.query);
      return gallery && renderGalleryPage(context, gallery);
    }),
  );

  app.get<{ Params: { token: string } }>(`${WIDGET_VIEWER_PATH}/:token`, (request, reply) =>
    publicPage(request, reply, async (context) => {
      const book = await photoBooks.viewable(request.params.token);
      return book && renderViewerPage(context, book.widget, book.pages);
    }),
  );

  app.get<{ Params: { token: string; page: string; size: string } }>(
    `${WIDGET_VIEWER_PATH}/:token/pages/:page/:size`,
    async (request, reply) => {
      const page = Number(request.params.page);
      const size = Number(request.params.size.replace(/\.webp$/, '')) as PhotoBookPageSize;
      if (!Number.isInteger(page) || page < 1 || !WIDGET_PAGE_SIZES.includes(size))
        return reply.callNotFound();
      const key = await photoBooks.viewablePage(request.params.token, page, size);
      if (!key) return reply.callNotFound();
      // Kept briefly by the visitor's browser only: a page turned back is not fetched again.
      return sendPage(reply.header('referrer-policy', 'no-referrer'), key, 'private, max-age=600');
    },
  );
}
