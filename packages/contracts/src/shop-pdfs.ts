import { z } from 'zod/mini';
import { codeSchema, isoDateTime } from './common';
import { filePurposeSchema } from './products';
import { defineShopEndpoint, defineShopUpload } from './shop-api';

/** A zip of an order's print files may be this large (posters at print resolution are big). */
export const ORDER_PDF_ARCHIVE_MAX_BYTES = 1024 * 1024 * 1024;
/** A product's file (a product sheet, an image) may be this large. */
export const PRODUCT_FILE_MAX_BYTES = 50 * 1024 * 1024;

/** A path inside a zip: relative, no parent steps, the separators zip uses. */
const entryName = z
  .string()
  .check(z.minLength(1), z.maxLength(500), z.regex(/^(?!\/)(?!.*(^|\/)\.\.(\/|$))[^\\\p{Cc}]+$/u));

export const ShopPdfArchiveSchema = z.object({
  orderId: z.string(),
  size: z.int(),
  sha256: z.string(),
  /** False when these exact bytes were stored already. */
  applied: z.boolean(),
  /** The entries of the zip whose name ends in `.pdf`, to name in `putPdf`. */
  pdfEntries: z.array(z.string()),
  /** The codes of the order's PDFs whose entry the new zip lacks: no longer listed or offered. */
  removedPdfs: z.array(z.string()),
});
export type ShopPdfArchive = z.infer<typeof ShopPdfArchiveSchema>;

export const ShopPdfSchema = z.object({
  code: z.string(),
  orderId: z.string(),
  customerId: z.string(),
  lineId: z.string(),
  entry: z.string(),
  name: z.string(),
  createdAt: isoDateTime,
});
export type ShopPdf = z.infer<typeof ShopPdfSchema>;

/**
 * The language a product's file is written in: a BCP 47 tag of a language and an optional script and
 * region (`nl-NL`, `nl`, `sr-Latn-RS`), answered in its canonical form (`nl-nl` is `nl-NL`). Extensions
 * and private use say nothing about which reader a file is for, so they are refused.
 */
export const productFileLanguageSchema = z.pipe(
  z.string().check(z.regex(/^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?$/)),
  z.transform((tag) => Intl.getCanonicalLocales(tag)[0]!),
);

export const ShopProductFileSchema = z.object({
  purpose: z.string(),
  /** The file's language; null for the product's default file, which every reader may get. */
  language: z.nullable(z.string()),
  fileName: z.string(),
  contentType: z.string(),
  size: z.int(),
  sha256: z.string(),
});

export const ShopProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  changedAt: isoDateTime,
  files: z.array(ShopProductFileSchema),
});
export type ShopProductInfo = z.infer<typeof ShopProductSchema>;

const orderIdParams = z.object({ orderId: codeSchema });

/**
 * The shop's production hands over an order's print files (a custom map poster's PDF, ...) as one zip,
 * then names each PDF in it; the catalogue sends product information with its files (purpose
 * `product.pdf`: the product sheet). Every call is keyed by the shop's ids and can be repeated
 * (docs/shop-integration.md, decision 096).
 */
export const shopPdfsApi = {
  /** The order's zip of PDFs (`Content-Type: application/zip`); a new zip replaces the stored one. */
  putOrderPdfArchive: defineShopUpload({
    method: 'PUT',
    path: '/v1/orders/:orderId/pdf-archive',
    params: orderIdParams,
    contentTypes: ['application/zip'],
    maxBytes: ORDER_PDF_ARCHIVE_MAX_BYTES,
    response: ShopPdfArchiveSchema,
  }),
  /** Names one PDF of the order's zip for the customer; the code is the shop's id of that print file. */
  putPdf: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/pdfs/:code',
    params: z.object({ code: codeSchema }),
    body: z.object({
      orderId: codeSchema,
      /** The order's product line the PDF was made for. */
      lineId: codeSchema,
      /** Its path inside the order's zip. */
      entry: entryName,
      name: z.string().check(z.minLength(1), z.maxLength(200)),
      createdAt: isoDateTime,
    }),
    response: ShopPdfSchema,
  }),
  putProduct: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/products/:code',
    params: z.object({ code: codeSchema }),
    body: z.object({
      name: z.string().check(z.minLength(1), z.maxLength(200)),
      description: z._default(z.string().check(z.maxLength(4000)), ''),
      /** An update older than the stored one changes nothing. */
      changedAt: isoDateTime,
    }),
    response: z.object({ applied: z.boolean(), product: ShopProductSchema }),
  }),
  /**
   * A product's file by purpose (`product.pdf` must be a PDF), for one language or, without one, the
   * product's default; the same bytes again change nothing (decision 125).
   */
  putProductFile: defineShopUpload({
    method: 'PUT',
    path: '/v1/products/:code/files/:purpose',
    params: z.object({ code: codeSchema, purpose: filePurposeSchema }),
    query: z.object({
      /** The name the customer's download gets. */
      fileName: z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[^/\\\p{Cc}]+$/u)),
      /** The language the file is written in (`nl-NL`, or `nl` for every Dutch reader); none: the default. */
      language: z.optional(productFileLanguageSchema),
    }),
    contentTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
    maxBytes: PRODUCT_FILE_MAX_BYTES,
    response: z.object({ applied: z.boolean(), product: ShopProductSchema }),
  }),
};
