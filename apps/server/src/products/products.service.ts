import type { Readable } from 'node:stream';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { codeSchema, PRODUCT_PDF_PURPOSE, productFilePath, type Product } from '@photo/contracts/products';
import { PRODUCT_FILE_MAX_BYTES, type ShopProductInfo } from '@photo/contracts/shop-pdfs';
import type { BlobStore } from '../platform/blob-store';
import { invalid, notFound } from '../platform/errors';
import { putHashed } from '../platform/hashed-upload';
import { uuidv7 } from '../platform/uuid';
import { startsAsPdf } from './order-pdfs.service';
import type { ProductInformationRepository, ProductRecord } from './product-information.repository';

const toShopProduct = (product: ProductRecord): ShopProductInfo => ({
  code: product.code,
  name: product.name,
  description: product.description,
  changedAt: product.changedAt,
  files: product.files.map(({ purpose, fileName, contentType, size, sha256 }) => ({
    purpose,
    fileName,
    contentType,
    size,
    sha256,
  })),
});

/** Where the signed-in browser downloads a product's file by purpose (the one route that serves them). */
export const productFileUrl = (code: string, purpose: string) =>
  `${serviceBasePath('products')}${productFilePath(code, purpose)}`;

/**
 * Product information (spec 7 `GET /v1/Products/{code}`): the shop's catalogue sends it with files by
 * purpose; the one with purpose `product.pdf` is the product sheet a customer downloads. Catalogue data,
 * the same for every signed-in customer.
 */
export function createProductsService(deps: { products: ProductInformationRepository; blobs: BlobStore }) {
  const { products, blobs } = deps;

  const find = async (code: string) => (codeSchema.safeParse(code).success ? products.find(code) : undefined);

  return {
    async get(code: string): Promise<Product> {
      const product = await find(code);
      if (!product) throw notFound('Product not found');
      const files = product.files.map((file) => ({
        purpose: file.purpose,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.size,
        downloadUrl: productFileUrl(code, file.purpose),
      }));
      return {
        code: product.code,
        name: product.name,
        description: product.description,
        files,
        productPdfUrl: files.find((file) => file.purpose === PRODUCT_PDF_PURPOSE)?.downloadUrl ?? null,
      };
    },

    async file(code: string, purpose: string) {
      const file = (await find(code))?.files.find((candidate) => candidate.purpose === purpose);
      if (!file) throw notFound('File not found');
      return file;
    },

    async putFromShop(
      code: string,
      body: { name: string; description: string; changedAt: string },
    ): Promise<{ applied: boolean; product: ShopProductInfo }> {
      const applied = await products.put({ code, ...body });
      return { applied, product: toShopProduct((await products.find(code))!) };
    },

    /** Stores a file of the product by purpose; the same bytes again change nothing. */
    async putFileFromShop(
      code: string,
      file: { purpose: string; fileName: string; contentType: string; body: Readable },
    ): Promise<{ applied: boolean; product: ShopProductInfo }> {
      const product = await products.find(code);
      if (!product) throw notFound('Product not found: send the product first');
      if (file.purpose === PRODUCT_PDF_PURPOSE && file.contentType !== 'application/pdf') {
        throw invalid('purpose', `A ${PRODUCT_PDF_PURPOSE} file is sent as application/pdf`);
      }
      const key = `products/${uuidv7()}`;
      const { size, sha256 } = await putHashed(
        blobs,
        key,
        file.body,
        PRODUCT_FILE_MAX_BYTES,
        file.contentType,
      );
      const current = product.files.find((candidate) => candidate.purpose === file.purpose);
      const same = current?.sha256 === sha256 && current.fileName === file.fileName;
      const pdfRefused =
        file.contentType === 'application/pdf' && !(await startsAsPdf(await blobs.read(key)));
      if (same || pdfRefused) {
        await blobs.delete(key).catch(() => undefined);
        if (pdfRefused) throw invalid('body', 'The file is not a PDF');
        return { applied: false, product: toShopProduct(product) };
      }
      const replaced = await products.putFile(code, {
        purpose: file.purpose,
        fileName: file.fileName,
        contentType: file.contentType,
        blobKey: key,
        size,
        sha256,
      });
      if (replaced) await blobs.delete(replaced.blobKey).catch(() => undefined);
      return { applied: true, product: toShopProduct((await products.find(code))!) };
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
