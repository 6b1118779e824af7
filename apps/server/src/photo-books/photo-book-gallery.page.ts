import { galleryCategories, WIDGET_GALLERY_PATH, WIDGET_VIEWER_PATH } from '@photo/contracts/photo-books';
import type { GalleryCategory } from '@photo/contracts/photo-books';
import { escapeHtml } from '../platform/html';
import { frame, pageImagePath, translate, type ViewerContext } from './photo-book-viewer.page';
import type { GalleryPage } from './photo-books.service';

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
  const categoryName = (category: GalleryCategory) => text(`photoBooks.category.${category}`);
  const link = (href: string, label: string, current: boolean) =>
    `<li><a href="${escapeHtml(href)}"${current ? ' aria-current="page"' : ''}>${label}</a></li>`;
  const filters = [
    link(galleryHref(null), text('photoBookGallery.allCategories'), gallery.category === null),
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
      ? `<nav class="pager" aria-label="${text('photoBookViewer.pages')}">
${page > 1 ? `<a href="${escapeHtml(galleryHref(category, page - 1))}" rel="prev">${text('photoBookGallery.newer')}</a>` : ''}
<p>${text('photoBookViewer.pageStatus', { page, pages: pageCount })}</p>
${page < pageCount ? `<a href="${escapeHtml(galleryHref(category, page + 1))}" rel="next">${text('photoBookGallery.older')}</a>` : ''}
</nav>`
      : '';
  return frame(
    context,
    translate(context, 'photoBookGallery.title'),
    '',
    `<main class="viewer gallery">
<h1>${text('photoBookGallery.title')}</h1>
<nav class="categories" aria-label="${text('photoBookGallery.categories')}">
<ul>
${filters}
</ul>
</nav>
${
  items
    ? `<p class="help">${text('photoBookGallery.count', { count: gallery.total })}</p>\n<ul class="books">\n${items}\n</ul>`
    : `<p class="empty">${text('photoBookGallery.empty')}</p>`
}
${pager}
</main>`,
  );
}
