import { IntlMessageFormat } from 'intl-messageformat';
import type { LocaleMessages } from '@photo/contracts/app-config';
import { WIDGET_VIEWER_PATH, type GalleryCategory } from '@photo/contracts/photo-books';
import { escapeHtml } from '../platform/html';
import { renderPage } from '../platform/page-layout';
import type { PhotoBookPageRecord, PhotoBookRecord } from './photo-books.repository';
import type { PhotoBookPageSize } from './photo-books.service';

/** A 1 x 1 transparent GIF: the source of a page image before the viewer's script loads it. */
const EMPTY_IMAGE = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

export const VIEWER_ASSETS_PATH = `${WIDGET_VIEWER_PATH}/assets`;
export const VIEWER_STYLESHEET = 'photo-book-viewer.css';
export const VIEWER_SCRIPT = 'photo-book-viewer.js';

/** The public pages' texts, from the web app's locale files (the same words in all ten languages). */
type PageKey = ViewerKey | `photoBookGallery.${string}` | `photoBooks.category.${GalleryCategory}`;

type ViewerKey =
  | 'photoBookViewer.pageStatus'
  | 'photoBookViewer.previous'
  | 'photoBookViewer.next'
  | 'photoBookViewer.first'
  | 'photoBookViewer.last'
  | 'photoBookViewer.zoomIn'
  | 'photoBookViewer.zoomOut'
  | 'photoBookViewer.pageAlt'
  | 'photoBookViewer.help'
  | 'photoBookViewer.pages'
  | 'photoBookViewer.notFoundTitle'
  | 'photoBookViewer.notFoundMessage';

export interface ViewerContext {
  locale: string;
  vendor: string;
  messages: LocaleMessages;
}

/**
 * ICU messages as the web app formats them, so a count takes its language's plural form. Without
 * values a message is handed on as it is: the viewer's script fills in its page numbers itself.
 */
export function translate(context: ViewerContext, key: PageKey, values?: Record<string, string | number>) {
  const text = context.messages[key];
  if (text === undefined) return key;
  return values ? String(new IntlMessageFormat(text, context.locale).format(values)) : text;
}

/**
 * How wide a page shows (photo-book-viewer.css): the viewer's width (56rem, less its padding on a narrow
 * screen), or less when the page's height is what limits it. Telling the browser so lets it pick the
 * 800 px file on a desktop screen where a square page shows 576 px wide (bench/README.md).
 */
const imageSizes = (page: PhotoBookPageRecord) =>
  `min(calc(100vw - 3rem), 56rem, calc((100vh - 14rem) * ${(page.width / page.height).toFixed(3)}))`;

export const pageImagePath = (token: string, page: number, size: PhotoBookPageSize) =>
  `${WIDGET_VIEWER_PATH}/${token}/pages/${page}/${size}.webp`;

const srcset = (token: string, page: number) =>
  ([300, 800, 1300] as const).map((size) => `${pageImagePath(token, page, size)} ${size}w`).join(', ');

/** The public pages' document: the shared pages' stylesheet with the viewer's on top. */
export function frame(context: ViewerContext, title: string, head: string, main: string): string {
  return renderPage(context, {
    title,
    main,
    head: `\n<link rel="stylesheet" href="${VIEWER_ASSETS_PATH}/${VIEWER_STYLESHEET}">${head}`,
    noindex: true,
  });
}

/**
 * A public book, page by page. The first page is in the HTML with every size in its srcset (and a
 * preload), so it shows without waiting for the script; the others carry only their addresses and are
 * fetched by the script when they come near. Every value is escaped; no inline script or style.
 */
export function renderViewerPage(
  context: ViewerContext,
  widget: PhotoBookRecord,
  pages: PhotoBookPageRecord[],
): string {
  const token = widget.viewerToken;
  const count = pages.length;
  const items = pages
    .map((page) => {
      const alt = escapeHtml(
        translate(context, 'photoBookViewer.pageAlt', { page: page.pageNumber, pages: count }),
      );
      const set = escapeHtml(srcset(token, page.pageNumber));
      const first = page.pageNumber === 1;
      const image = first
        ? `<img src="${pageImagePath(token, 1, 800)}" srcset="${set}" sizes="${imageSizes(page)}" width="${page.width}" height="${page.height}" alt="${alt}" fetchpriority="high" decoding="async">`
        : // Valid HTML (issue 23): an <img> needs a source and `sizes` needs `srcset`, so the pages the
          // script loads later carry an empty GIF and keep their own sizes aside until then.
          `<img src="${EMPTY_IMAGE}" data-srcset="${set}" data-lazy-sizes="${imageSizes(page)}" width="${page.width}" height="${page.height}" alt="${alt}" decoding="async">`;
      return `<li class="page" data-page="${page.pageNumber}"${first ? '' : ' hidden'}>${image}</li>`;
    })
    .join('\n');
  const button = (action: string, key: ViewerKey, symbol: string) =>
    `<button type="button" data-action="${action}" aria-label="${escapeHtml(translate(context, key))}" title="${escapeHtml(
      translate(context, key),
    )}"><span aria-hidden="true">${symbol}</span></button>`;
  const preload = `\n<link rel="preload" as="image" href="${pageImagePath(token, 1, 800)}" imagesrcset="${escapeHtml(
    srcset(token, 1),
  )}" imagesizes="${imageSizes(pages[0]!)}" fetchpriority="high">\n<script src="${VIEWER_ASSETS_PATH}/${VIEWER_SCRIPT}" defer></script>`;
  return frame(
    context,
    widget.title,
    preload,
    `<main class="viewer" data-page-count="${count}" data-status="${escapeHtml(
      translate(context, 'photoBookViewer.pageStatus'),
    )}" data-zoom-in="${escapeHtml(translate(context, 'photoBookViewer.zoomIn'))}" data-zoom-out="${escapeHtml(
      translate(context, 'photoBookViewer.zoomOut'),
    )}">
<h1>${escapeHtml(widget.title)}</h1>
<p class="help" id="viewer-help">${escapeHtml(translate(context, 'photoBookViewer.help'))}</p>
<section class="stage" tabindex="0" aria-label="${escapeHtml(translate(context, 'photoBookViewer.pages'))}" aria-describedby="viewer-help">
<ol class="pages">
${items}
</ol>
</section>
<nav class="controls" aria-label="${escapeHtml(translate(context, 'photoBookViewer.pages'))}">
${button('first', 'photoBookViewer.first', '⇤')}
${button('previous', 'photoBookViewer.previous', '‹')}
<p class="status" role="status">${escapeHtml(translate(context, 'photoBookViewer.pageStatus', { page: 1, pages: count }))}</p>
${button('next', 'photoBookViewer.next', '›')}
${button('last', 'photoBookViewer.last', '⇥')}
${button('zoom', 'photoBookViewer.zoomIn', '+')}
</nav>
</main>`,
  );
}

/** What any address that shows no book answers: a wrong token, public viewing off, or deleted. */
export function renderViewerNotFound(context: ViewerContext): string {
  return frame(
    context,
    translate(context, 'photoBookViewer.notFoundTitle'),
    '',
    `<main class="card">
<h1>${escapeHtml(translate(context, 'photoBookViewer.notFoundTitle'))}</h1>
<p>${escapeHtml(translate(context, 'photoBookViewer.notFoundMessage'))}</p>
</main>`,
  );
}
