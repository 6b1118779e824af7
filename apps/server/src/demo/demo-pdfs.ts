import { Readable } from 'node:stream';
import { z } from 'zod';
import { PRODUCT_PDF_PURPOSE } from '@photo/contracts/products';
import { createMerchandiseService } from '../merchandise/merchandise.service';
import type { Queryable } from '../platform/database';
import { renderPdf, type PdfContent } from '../platform/pdf-renderer';
import { zipToBuffer } from '../platform/zip-writer';
import type { OrderPdfsService } from '../products/order-pdfs.service';
import type { ProductsService } from '../products/products.service';
import { storefronts } from '../storefronts/storefronts';
import { demoCatalogue } from './demo-orders';
import sheetData from './demo-product-sheets.json' with { type: 'json' };

/** A zip of files as the shop's production packs an order's print files (deflated, as zip tools do). */
export function zipFiles(files: Array<{ name: string; data: Buffer; mtime?: Date }>): Promise<Buffer> {
  return zipToBuffer(
    files.map((file) => ({
      name: file.name,
      body: file.data,
      compress: true,
      mtime: file.mtime ?? new Date(0),
    })),
  );
}

export interface MapPoster {
  place: string;
  /** Latitude and longitude as printed. */
  coordinates: string;
  orderCode: string;
  /** The poster's product code (its size) in the catalogue. */
  productCode: string;
  createdAt: Date;
}

const merchandise = createMerchandiseService();
const centimetres = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });

/**
 * The print file of a custom map poster, through the one PDF renderer: a page of the poster's size
 * with the catalogue's bleed, as the printer takes it.
 */
export function mapPosterDocument(poster: MapPoster): PdfContent {
  const page = merchandise.printPage(poster.productCode);
  if (!page) throw new Error(`The catalogue does not sell ${poster.productCode}`);
  const format = `${centimetres.format(page.widthMm / 10)} × ${centimetres.format(page.heightMm / 10)} cm`;
  return {
    title: `Map poster – ${poster.place}`,
    language: 'en-GB',
    author: 'Photo shop production',
    createdAt: poster.createdAt,
    page,
    blocks: [
      { kind: 'heading', text: poster.place.toUpperCase() },
      { kind: 'paragraph', lines: [poster.coordinates] },
      { kind: 'spacer' },
      {
        kind: 'facts',
        rows: [
          ['Format', format],
          ['Style', 'Classic, black on white'],
          ['Order', poster.orderCode],
        ],
      },
    ],
  };
}

/** The storefronts' ten languages, one locale each: every demo product sheet is sent in each of them. */
export const demoSheetLocales = [
  'en-GB',
  'nl-NL',
  'fr-FR',
  'de-AT',
  'nb-NO',
  'sv-SE',
  'it-IT',
  'da-DK',
  'es-ES',
  'pt-PT',
] as const;
export type DemoSheetLocale = (typeof demoSheetLocales)[number];

const demoProducts = [demoCatalogue.poster, demoCatalogue.photoBook];
type DemoSheetProduct = (typeof demoProducts)[number];

const SheetTextSchema = z.object({
  description: z.string().min(1),
  facts: z.array(z.tuple([z.string().min(1), z.string().min(1)])).min(1),
});
/**
 * The shape of `demo-product-sheets.json`, the sheets' texts written in each language. Keyed by an enum:
 * a language missing from the file fails at start, as a catalogue name missing does; so does a product.
 */
const SheetsSchema = z.object({
  titles: z.record(z.enum(demoSheetLocales), z.string().includes('{name}')),
  products: z.record(z.string(), z.record(z.enum(demoSheetLocales), SheetTextSchema)),
});
const sheetTexts = SheetsSchema.parse(sheetData);
const textsOf = (product: DemoSheetProduct) => {
  const texts = sheetTexts.products[product.code];
  if (!texts) throw new Error(`demo-product-sheets.json has no texts for ${product.code}`);
  return texts;
};
for (const product of demoProducts) textsOf(product);

/**
 * A product sheet in one language, what the customer downloads from the product's information: named
 * as the catalogue names the product in that language, so the sheet says what the order line says.
 */
export function productSheetDocument(product: DemoSheetProduct, locale: DemoSheetLocale): PdfContent {
  const storefront = storefronts.find((candidate) => candidate.locales.includes(locale))!;
  const name = merchandise.productName(storefront.id, product.code, locale, product.articleName);
  const text = textsOf(product)[locale];
  return {
    title: sheetTexts.titles[locale].replace('{name}', name),
    language: locale,
    author: 'Photo shop',
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    blocks: [
      { kind: 'heading', text: name },
      { kind: 'paragraph', lines: [text.description] },
      { kind: 'facts', rows: text.facts },
    ],
  };
}

const posters = [
  { place: 'Amsterdam', coordinates: '52.3676° N, 4.9041° E' },
  { place: 'London', coordinates: '51.5072° N, 0.1276° W' },
];

/**
 * Product information with a product sheet (`product.pdf`) in each of the storefronts' ten languages for
 * the poster and the photo book, and for every demo account's poster orders the map poster's print file
 * in a zip: sent through the shop-side services as the shop's catalogue and production send them. A
 * sheet already sent in a language, and each order's zip, are sent once.
 */
export async function seedDemoPdfs(
  db: Queryable,
  shop: { pdfs: OrderPdfsService; products: ProductsService },
  customerIds: string[],
): Promise<number> {
  for (const product of demoProducts) {
    const { rows: sent } = await db.query<{ language: string }>(
      'SELECT language FROM product_information_files WHERE product_code = $1 AND purpose = $2',
      [product.code, PRODUCT_PDF_PURPOSE],
    );
    const missing = demoSheetLocales.filter((locale) => !sent.some((row) => row.language === locale));
    if (missing.length === 0) continue;
    await shop.products.putFromShop(product.code, {
      name: product.articleName,
      description: textsOf(product)['en-GB'].description,
      changedAt: '2026-01-01T00:00:00.000Z',
    });
    for (const locale of missing) {
      await shop.products.putFileFromShop(product.code, {
        purpose: PRODUCT_PDF_PURPOSE,
        language: locale,
        fileName: `${product.code}.pdf`,
        contentType: 'application/pdf',
        body: Readable.from([await renderPdf(productSheetDocument(product, locale))]),
      });
    }
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
      mapPosterDocument({
        ...poster,
        orderCode: row.code,
        productCode: demoCatalogue.poster.code,
        createdAt,
      }),
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
