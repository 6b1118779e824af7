import sharp from 'sharp';
import type { Queryable } from '../platform/database';
import { DEFAULT_STOREFRONT_ID, storefronts } from '../storefronts/storefronts';
import type { PhotoBookRecord } from '../photo-books/photo-books.repository';
import type { PhotoBooksService } from '../photo-books/photo-books.service';
import { demoPicture } from './demo-photos';

const PAGE_SIZE = 1200;

/**
 * A page of a square photo book as the shop's renderer would send it: paper with one large photo,
 * or two on alternate pages (shapes only: no font needed). Each page differs from every other.
 */
export async function demoPhotoBookPage(pageNumber: number): Promise<Buffer> {
  const photo = (index: number, x: number, y: number, width: number, height: number) =>
    `<svg x="${x}" y="${y}" width="${width}" height="${height}" viewBox="0 0 1200 800" preserveAspectRatio="xMidYMid slice">${demoPicture(
      index,
    ).replace(/^<svg[^>]*>/, '')}`;
  const layout =
    pageNumber === 1 || pageNumber % 2 === 0
      ? photo(pageNumber * 3, 80, 80, 1040, 1040)
      : `${photo(pageNumber * 3, 80, 80, 1040, 500)}${photo(pageNumber * 3 + 1, 80, 620, 1040, 500)}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE_SIZE}" height="${PAGE_SIZE}"><rect width="${PAGE_SIZE}" height="${PAGE_SIZE}" fill="#fbf8f2"/>${layout}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** Publishes a book of `pageCount` drawn pages for an order, as the shop does page by page. */
export async function publishDemoPhotoBook(
  photoBooks: PhotoBooksService,
  orderId: string,
  title: string,
  pageCount: number,
): Promise<PhotoBookRecord> {
  let book = await photoBooks.putFromShop(orderId, { title, pageCount });
  for (let page = 1; page <= pageCount; page += 1) {
    book = await photoBooks.putPageFromShop(orderId, page, await demoPhotoBookPage(page));
  }
  return book;
}

/**
 * The private demo customer's online photo books: their delivered photo book is online (16 pages) and
 * published under Travel in the gallery of the default storefront, the one plain `localhost` serves
 * (decision 116), as the customer would publish it; the one still in production is blocked (its cover
 * uses licensed artwork). Seeded once.
 */
export async function seedDemoPhotoBooks(
  db: Queryable,
  photoBooks: PhotoBooksService,
  customerId: string,
): Promise<number> {
  const existing = await db.query('SELECT 1 FROM widgets WHERE owner_id = $1 LIMIT 1', [customerId]);
  if (existing.rows.length > 0) return 0;
  const { rows } = await db.query<{ id: string; state: string }>(
    `SELECT DISTINCT o.id, o.state FROM orders o JOIN order_products op ON op.order_id = o.id
     WHERE o.customer_id = $1 AND op.article_group = 'photoBooks' ORDER BY o.id`,
    [customerId],
  );
  let seeded = 0;
  for (const order of rows) {
    if (order.state === 'Dispatched') {
      const book = await publishDemoPhotoBook(photoBooks, order.id, 'Summer in Sweden', 16);
      const storefront = storefronts.find((candidate) => candidate.id === DEFAULT_STOREFRONT_ID)!;
      await photoBooks.publish(
        { customerId, isB2B: false, storefrontId: storefront.id },
        { widgetId: book.id, channel: storefront.channelId, categoryId: 'travel' },
        { storefront },
      );
    } else {
      await photoBooks.putFromShop(order.id, { title: 'Our wedding day', blockedReason: 'licensedContent' });
    }
    seeded += 1;
  }
  return seeded;
}
