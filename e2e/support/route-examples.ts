import type { Page } from '@playwright/test';

/** What a route example may ask of the signed-in customer's own data: the API, as the page calls it. */
export interface ExampleContext {
  page: Page;
}

/**
 * Values for the `:params` of a route, taken from the signed-in customer's real data; undefined when
 * this customer has nothing to show there (the sweep then says which routes it left out for them).
 */
export type RouteExample = (context: ExampleContext) => Promise<Record<string, string> | undefined>;

// Through the browser: it resolves the storefront's `*.localhost` name and holds the session cookie.
async function getJson<T>(context: ExampleContext, path: string): Promise<T> {
  return context.page.evaluate(async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return (await response.json()) as T;
  }, path);
}

async function firstPhotoId(context: ExampleContext): Promise<string | undefined> {
  const page = await getJson<{ images: Array<{ imageId: string }> }>(context, '/api/photos/photos?limit=1');
  return page.images[0]?.imageId;
}

async function newestOrder(context: ExampleContext): Promise<Record<string, string> | undefined> {
  const { items } = await getJson<{ items: Array<{ orderCode: string }> }>(
    context,
    '/api/orders/v2/superorders/me?Limit=1',
  );
  return items[0] ? { orderCode: items[0].orderCode } : undefined;
}

interface AlbumEntry {
  albumId: string;
  isShared?: boolean;
}

// Without `displaySharedData`, the list calls every album a plain one.
const OWN_ALBUMS = '/api/photos/albums?displaySharedData=true';

/** An album of the customer's own that is not shared (a shared one's own route leads to the shared one). */
async function ownAlbumId(context: ExampleContext): Promise<string | undefined> {
  const { albums } = await getJson<{ albums: AlbumEntry[] }>(context, OWN_ALBUMS);
  return albums.find((album) => !album.isShared)?.albumId;
}

/** A shared album the customer sees: one shared with them, else one of theirs they share. */
async function sharedAlbumId(context: ExampleContext): Promise<string | undefined> {
  const shared = await getJson<{ albums: AlbumEntry[] }>(context, '/api/share/shared-albums');
  if (shared.albums[0]) return shared.albums[0].albumId;
  const { albums } = await getJson<{ albums: AlbumEntry[] }>(context, OWN_ALBUMS);
  return albums.find((album) => album.isShared)?.albumId;
}

async function firstImageOf(context: ExampleContext, path: string): Promise<string | undefined> {
  const page = await getJson<{ images: Array<{ imageId: string }> }>(context, `${path}?limit=1`);
  return page.images[0]?.imageId;
}

/**
 * One example per route with parameters, keyed by the route table's path. A route with parameters
 * and no example here fails the sweep, so a new page cannot slip past it.
 */
export const routeExamples: Record<string, RouteExample> = {
  'my-photos/photos/preview/:id': async (context) => {
    const id = await firstPhotoId(context);
    return id ? { id } : undefined;
  },
  'my-photos/albums/:id': async (context) => {
    const id = await ownAlbumId(context);
    return id ? { id } : undefined;
  },
  'my-photos/albums/:id/preview/:photoId': async (context) => {
    const id = await ownAlbumId(context);
    const photoId = id && (await firstImageOf(context, `/api/photos/albums/${id}/photos`));
    return id && photoId ? { id, photoId } : undefined;
  },
  'my-photos/shared-albums/:id': async (context) => {
    const id = await sharedAlbumId(context);
    return id ? { id } : undefined;
  },
  'my-photos/shared-albums/:id/preview/:photoId': async (context) => {
    const id = await sharedAlbumId(context);
    const photoId = id && (await firstImageOf(context, `/api/share/shared-albums/${id}/photos`));
    return id && photoId ? { id, photoId } : undefined;
  },
  'orders/:orderCode': newestOrder,
  // The thank-you page shows any of the customer's orders.
  'orders/:orderCode/thank-you': newestOrder,
  // docs/product/entities.md: a widget's orderCode is the page's productCode.
  'online-products/:productCode': async (context) => {
    const widgets = await getJson<Array<{ orderCode: string }>>(context, '/api/widgets/v1/widget/all');
    return widgets[0] ? { productCode: widgets[0].orderCode } : undefined;
  },
};

/** Fills a route table path's parameters: `orders/:orderCode` → `/orders/SO-1`. */
export function fillPath(path: string, params: Record<string, string>): string {
  return `/${path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} of ${path}`);
    return encodeURIComponent(value);
  })}`;
}
