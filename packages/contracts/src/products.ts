import { z } from 'zod/mini';
import { codeSchema, count, isoDateTime } from './common';
import { defineEndpoint } from './endpoint';

/** The purpose of a product's file that is its product sheet (docs/product/calls.md: `GET /v1/Products/{code}`). */
export const PRODUCT_PDF_PURPOSE = 'product.pdf';

/** A file's purpose: `product.pdf`, `image`, ... */
export const filePurposeSchema = z.string().check(z.minLength(1), z.maxLength(50), z.regex(/^[a-z0-9._-]+$/));

export const ProductFileSchema = z.object({
  purpose: z.string(),
  /** The language of the file this reader gets (decision 125); null for the product's default file. */
  language: z.nullable(z.string()),
  fileName: z.string(),
  contentType: z.string(),
  size: count,
  /** Below the products service's base URL; the signed-in browser downloads the file from there. */
  downloadUrl: z.string(),
});
export type ProductFile = z.infer<typeof ProductFileSchema>;

/**
 * Product information as the shop's catalogue sends it; its files are offered for download, each
 * purpose in the reader's language where the shop sent one (decision 125).
 */
export const ProductSchema = z.object({
  code: z.string(),
  /** As the catalogue names the product in the reader's language, else the shop's name. */
  name: z.string(),
  description: z.string(),
  files: z.array(ProductFileSchema),
  /** The download URL of the file with purpose `product.pdf` (the product sheet), if it has one. */
  productPdfUrl: z.nullable(z.string()),
});
export type Product = z.infer<typeof ProductSchema>;

/** A PDF the shop's production made for one of the customer's orders (a custom map poster's print file). */
export const CustomerPdfSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** The super order's code, as the orders pages show it. */
  orderCode: z.string(),
  productCode: z.string(),
  /** The article name of the order's product the PDF belongs to. */
  product: z.string(),
  /** When the production made the PDF. */
  date: isoDateTime,
});
export type CustomerPdf = z.infer<typeof CustomerPdfSchema>;

export const productsApi = {
  /** Any signed-in customer: product information is the shop's catalogue, not customer data. */
  product: defineEndpoint({
    service: 'products',
    method: 'GET',
    path: '/v1/Products/:code',
    params: z.object({ code: codeSchema }),
    response: ProductSchema,
  }),
  /** The caller's PDFs, newest first. */
  pdfs: defineEndpoint({
    service: 'products',
    method: 'GET',
    path: '/v1/Pdfs/me',
    response: z.array(CustomerPdfSchema),
  }),
};

/** The caller's PDF taken out of its order's zip (not JSON: `application/pdf`, downloaded). */
export const pdfFilePath = (code: string) => `/v1/pdf/me/${encodeURIComponent(code)}`;
/** A product's file by purpose (not JSON: downloaded); `ProductFile.downloadUrl` points here. */
export const productFilePath = (code: string, purpose: string) =>
  `/v1/Products/${encodeURIComponent(code)}/files/${encodeURIComponent(purpose)}`;
