import { galleryCategories, WIDGET_GALLERY_PATH, WIDGET_VIEWER_PATH } from '@photo/contracts/widgets';
import type { GalleryCategory } from '@photo/contracts/widgets';
import { escapeHtml } from '../platform/html';
import { frame, pageImagePath, translate, type ViewerContext } from './widget-viewer.page';
import type { GalleryPage } from './widgets.service';

const galleryHref = (category: GalleryCategory | null, page = 1) => {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `${WIDGET_GALLERY_PATH}?${search}` : WIDGET_GALLERY_PATH;
};

/**
 * The storefront's gallery: each book's cover (page 1 at the viewer's smallest size), title and
 * category, linking to its viewer; category links above, newer/older pages below. Plain links and
 * no script: it works with the keyboard as any page of links does.
 */
export function renderGalleryPage(context: ViewerContext, gallery: GalleryPage): string {
  const text = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
    escapeHtml(translate(context, key, values));
  const categoryName = (category: GalleryCategory) => text(`onlineProducts.category.${category}`);
  const link = (href: string, label: string, current: boolean) =>
    `<li><a href="${escapeHtml(href)}"${current ? ' aria-current="page"' : ''}>${label}</a></li>`;
  const filters = [
    link(galleryHref(null), text('widgetGallery.allCategories'), gallery.category === null),
    ...galleryCategories.map((category) =>
      link(galleryHref(category), categoryName(category), gallery.category === category),
    ),
  ].join('\n');
  const items = gallery.items
    .map(
      (item) => `<li class="book">
<a href="${WIDGET_VIEWER_PATH}/${escapeHtml(item.viewerToken)}">
<img src="${escapeHtml(pageImagePath(item.viewerToken, 1, 300))}" width="${item.coverWidth}" height="${item.coverHeight}" alt="" loading="lazy" decoding="async">
<span class="book-title">${escapeHtml(item.title)}</span>
</a>
<span class="book-category">${categoryName(item.categoryId)}</span>
</li>`,
    )
    .join('\n');
  const { page, pageCount, category } = gallery;
  const pager =
    pageCount > 1
      ? `<nav class="pager" aria-label="${text('widgetViewer.pages')}">
${page > 1 ? `<a href="${escapeHtml(galleryHref(category, page - 1))}" rel="prev">${text('widgetGallery.newer')}</a>` : ''}
<p>${text('widgetViewer.pageStatus', { page, pages: pageCount })}</p>
${page < pageCount ? `<a href="${escapeHtml(galleryHref(category, page + 1))}" rel="next">${text('widgetGallery.older')}</a>` : ''}
</nav>`
      : '';
  return frame(
    context,
    translate(context, 'widgetGallery.title'),
    '',
    `<main class="viewer gallery">
<h1>${text('widgetGallery.title')}</h1>
<nav class="categories" aria-label="${text('widgetGallery.categories')}">
<ul>
${filters}
</ul>
</nav>
${
  items
    ? `<p class="help">${text('widgetGallery.count', { count: gallery.total })}</p>\n<ul class="books">\n${items}\n</ul>`
    : `<p class="empty">${text('widgetGallery.empty')}</p>`
}
${pager}
</main>`,
  );
}
