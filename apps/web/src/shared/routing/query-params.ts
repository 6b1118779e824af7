/** docs/product/routes.md: boolean parameters accept exactly `true` or `false`; anything else is as if absent. */
export function parseBooleanParam(value: string | null): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** docs/product/validation.md: only http and https URLs are accepted as file URLs. */
export function parseHttpUrl(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface AppQuery {
  /** Embedded in another app (e.g. the shop's mobile app): no site header, no navigation. */
  stripped: boolean;
  /** Keep the header but hide the shop's navigation in it. */
  hideHeaderNav: boolean;
  /** Where uploads go when set by the embedding app; ignored unless a valid http(s) URL. */
  uploadUrl: string | undefined;
}

export function parseAppQuery(search: string): AppQuery {
  const query = new URLSearchParams(search);
  return {
    stripped: parseBooleanParam(query.get('stripped')) ?? false,
    hideHeaderNav: parseBooleanParam(query.get('hideHeaderNav')) ?? false,
    uploadUrl: parseHttpUrl(query.get('uploadUrl')),
  };
}

const PHOTO_AREA = '/my-photos';

/** The photo library (docs/product/photos.md-2.4): its pages keep the query string and hide the support chat. */
export function isInPhotoArea(pathname: string): boolean {
  return pathname === PHOTO_AREA || pathname.startsWith(`${PHOTO_AREA}/`);
}

/**
 * The address of an in-app navigation, given where the customer is now (docs/product/routes.md): moving inside
 * the photo area keeps the whole query string (sort, flags, upload URL), and `stripped=true` is
 * carried everywhere, so an embedded view never grows a header by following a link.
 */
export function carryQuery(target: string, current: { pathname: string; search: string }): string {
  const url = new URL(target, 'http://app.invalid');
  const currentQuery = new URLSearchParams(current.search);
  if (!url.search && isInPhotoArea(url.pathname) && isInPhotoArea(current.pathname)) {
    url.search = currentQuery.toString();
  } else if (currentQuery.get('stripped') === 'true' && !url.searchParams.has('stripped')) {
    url.searchParams.set('stripped', 'true');
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
