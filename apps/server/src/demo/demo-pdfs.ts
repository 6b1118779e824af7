import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ZipFile } from 'yazl';
import { PRODUCT_PDF_PURPOSE } from '@photo/contracts/products';
import type { Queryable } from '../platform/database';
import { renderPdf, type PdfContent } from '../platform/pdf-renderer';
import type { OrderPdfsService } from '../products/order-pdfs.service';
import type { ProductsService } from '../products/products.service';
import { demoCatalogue } from './demo-orders';

/** A zip of files as the shop's production packs an order's print files (deflated, as zip tools do). */
export async function zipFiles(files: Array<{ name: string; data: Buffer; mtime?: Date }>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const file of files) {
    zip.addBuffer(file.data, file.name, {
      compress: true,
      mtime: file.mtime ?? new Date(0),
      forceDosTimestamp: true,
    });
  }
  zip.end();
  return buffer(zip.outputStream as Readable);
}

export interface MapPoster {
  place: string;
  /** Latitude and longitude as printed. */
  coordinates: string;
  orderCode: string;
  size: string;
  createdAt: Date;
}

/** The print file of a custom map poster, through the one PDF renderer. */
export function mapPosterDocument(poster: MapPoster): PdfContent {
  return {
    title: `Map poster – ${poster.place}`,
    language: 'en-GB',
    author: 'Photo shop production',
    createdAt: poster.createdAt,
    blocks: [
      { kind: 'heading', text: poster.place.toUpperCase() },
      { kind: 'paragraph', lines: [poster.coordinates] },
      { kind: 'spacer' },
      {
        kind: 'facts',
        rows: [
          ['Format', poster.size],
          ['Style', 'Classic, black on white'],
          ['Order', poster.orderCode],
        ],
      },
    ],
  };
}

/** A product sheet: what the customer downloads from the product's information. */
function productSheetDocument(product: {
  name: string;
  description: string;
  facts: Array<[string, string]>;
}) {
  return renderPdf({
    title: `${product.name} – product sheet`,
    language: 'en-GB',
    author: 'Photo shop',
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    blocks: [
      { kind: 'heading', text: product.name },
      { kind: 'paragraph', lines: [product.description] },
      { kind: 'facts', rows: product.facts },
    ],
  });
}

const demoProducts = [
  {
    ...demoCatalogue.poster,
    description: 'Your photo or a map of a place you love, printed on 200 g/m² satin poster paper.',
    facts: [
      ['Size', '42 × 59.4 cm (A2)'],
      ['Paper', '200 g/m² satin'],
      ['Print', 'Giclée, 12 colours'],
    ] as Array<[string, string]>,
  },
  {
    ...demoCatalogue.photoBook,
    description: 'A hardcover photo book in A4 with 24 to 120 pages, lay-flat binding.',
    facts: [
      ['Size', '21 × 29.7 cm (A4)'],
      ['Pages', '24 to 120'],
      ['Cover', 'Hardcover, matt laminate'],
    ] as Array<[string, string]>,
  },
];

const posters = [
  { place: 'Amsterdam', coordinates: '52.3676° N, 4.9041° E' },
  { place: 'London', coordinates: '51.5072° N, 0.1276° W' },
];

/**
 * Product information with a product sheet (`product.pdf`) for the poster and the photo book, and for
 * every demo account's poster orders the map poster's print file in a zip: sent through the
 * shop-side services as the shop's catalogue and production send them. Each order's zip is sent once.
 */
export async function seedDemoPdfs(
  db: Queryable,
  shop: { pdfs: OrderPdfsService; products: ProductsService },
  customerIds: string[],
): Promise<number> {
  for (const product of demoProducts) {
    const { rows: sent } = await db.query(
      'SELECT 1 FROM product_information_files WHERE product_code = $1 AND purpose = $2',
      [product.code, PRODUCT_PDF_PURPOSE],
    );
    if (sent.length > 0) continue;
    await shop.products.putFromShop(product.code, {
      name: product.articleName,
      description: product.description,
      changedAt: '2026-01-01T00:00:00.000Z',
    });
    const sheet = await productSheetDocument({ name: product.articleName, ...product });
    await shop.products.putFileFromShop(product.code, {
      purpose: PRODUCT_PDF_PURPOSE,
      fileName: `${product.code}.pdf`,
      contentType: 'application/pdf',
      body: Readable.from([sheet]),
    });
  }
  const { rows } = await db.query<{ id: string; code: string; line_id: string; created_at: Date | string }>(
    `SELECT o.id, so.code, p.line_id, so.created_at
       FROM orders o
       JOIN super_orders so ON so.code = o.super_order_code
       JOIN order_products p ON p.order_id = o.id AND p.product_code = $2
      WHERE o.customer_id = ANY($1::uuid[])
        AND NOT EXISTS (SELECT 1 FROM order_pdf_archives a WHERE a.order_id = o.id)
      ORDER BY o.customer_id, so.created_at DESC`,
    [customerIds, demoCatalogue.poster.code],
  );
  for (const [index, row] of rows.entries()) {
    const poster = posters[index % posters.length]!;
    const createdAt = new Date(new Date(row.created_at).getTime() + 86_400_000);
    const entry = `print-files/map-poster-${poster.place.toLowerCase()}.pdf`;
    const pdf = await renderPdf(
      mapPosterDocument({ ...poster, orderCode: row.code, size: '42 × 59.4 cm (A2)', createdAt }),
    );
    const zip = await zipFiles([{ name: entry, data: pdf, mtime: createdAt }]);
    await shop.pdfs.putArchiveFromShop(row.id, Readable.from([zip]));
    await shop.pdfs.putPdfFromShop(`MAP-${row.id}`, {
      orderId: row.id,
      lineId: row.line_id,
      entry,
      name: `Map poster – ${poster.place}`,
      createdAt: createdAt.toISOString(),
    });
  }
  return rows.length;
}
