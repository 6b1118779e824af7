/**
 * The headers that make a mail one of a list (RFC 2369, RFC 8058): what a mail client's own
 * 'Unsubscribe' button uses. A template can declare these and no other header, so nothing it composes
 * can set a sender, a recipient or a reply address.
 */
export interface ListHeaders {
  'List-Unsubscribe'?: string;
  'List-Unsubscribe-Post'?: string;
}

export const listHeaderNames = ['List-Unsubscribe', 'List-Unsubscribe-Post'] as const;

/** What a template declares: the mail's unsubscribe address, and whether a POST to it unsubscribes. */
export interface ListUnsubscribe {
  url: string;
  /** RFC 8058: the address unsubscribes on a POST of `List-Unsubscribe=One-Click`, without a page. */
  oneClick: boolean;
}

// RFC 8058 names exactly this body; mail providers post it as it is written here.
const ONE_CLICK = 'List-Unsubscribe=One-Click';

export function listHeadersOf(list: ListUnsubscribe | undefined): ListHeaders {
  if (!list) return {};
  const url = new URL(list.url);
  // Only a web address: a header value is never `javascript:` nor relative. The parsed href has no
  // line break, space or angle bracket left, so it cannot end the header or the <...> around it.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`A mail's unsubscribe address is a web address, not ${url.protocol}`);
  }
  return {
    'List-Unsubscribe': `<${url.href}>`,
    ...(list.oneClick ? { 'List-Unsubscribe-Post': ONE_CLICK } : {}),
  };
}
