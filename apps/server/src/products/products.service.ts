import type { Readable } from 'node:stream';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { codeSchema } from '@photo/contracts/common';
import { PRODUCT_PDF_PURPOSE, productFilePath, type Product } from '@photo/contracts/products';
import { PRODUCT_FILE_MAX_BYTES, type ShopProductInfo } from '@photo/contracts/shop-pdfs';
import type { MerchandiseService } from '../merchandise/merchandise.service';
import type { BlobStore } from '../platform/blob-store';
import { invalid, notFound } from '../platform/errors';
import { putHashed } from '../platform/hashed-upload';
import { uuidv7 } from '../platform/uuid';
import type { StorefrontContext } from '../storefronts/storefronts';
import { startsAsPdf } from './order-pdfs.service';
import type {
  ProductFileRecord,
  ProductInformationRepository,
  ProductRecord,
} from './product-information.repository';

const toShopProduct = (product: ProductRecord): ShopProductInfo => ({
  code: product.code,
  name: product.name,
  description: product.description,
  changedAt: product.changedAt,
  files: product.files.map(({ purpose, language, fileName, contentType, size, sha256 }) => ({
    purpose,
    language,
    fileName,
    contentType,
    size,
    sha256,
  })),
});

/**
 * Where the signed-in browser downloads a product's file by purpose (the one route that serves them).
 * One address for every language: the route picks the reader's file, so a link in an order's details
 * or a bookmark stays right when the shop sends another language later (decision 125).
 */
export const productFileUrl = (code: string, purpose: string) =>
  `${serviceBasePath('products')}${productFilePath(code, purpose)}`;

const languageOf = (tag: string) => tag.split('-')[0]!;

/**
 * The file a reader in `locale` gets among the files of one purpose (decision 125): the one in their
 * locale; else one for their language without a region; else their language of another region (nl-NL
 * for nl-BE; the first by tag when there are several); else the product's default. None when only
 * other languages are there: a Dutch reader is not handed a German sheet as if it were theirs.
 */
export function fileForReader<F extends { language: string | null }>(
  files: readonly F[],
  locale: string,
): F | undefined {
  const wanted = locale.toLowerCase();
  const rank = (file: F) => {
    if (file.language === null) return 3;
    const tag = file.language.toLowerCase();
    if (tag === wanted) return 0;
    if (tag === languageOf(wanted)) return 1;
    return languageOf(tag) === languageOf(wanted) ? 2 : undefined;
  };
  return files
    .map((file) => ({ file, rank: rank(file) }))
    .filter((candidate): candidate is { file: F; rank: number } => candidate.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || (a.file.language ?? '').localeCompare(b.file.language ?? '', 'en'))[0]
    ?.file;
}

/** Per purpose, the file a reader in `locale` gets (`fileForReader`); purposes with none are left out. */
const filesForReader = (files: readonly ProductFileRecord[], locale: string) =>
  [...new Set(files.map((file) => file.purpose))].flatMap((purpose) => {
    const file = fileForReader(
      files.filter((candidate) => candidate.purpose === purpose),
      locale,
    );
    return file ? [file] : [];
  });

/**
 * Product information (docs/product/calls.md `GET /v1/Products/{code}`): the shop's catalogue sends it with files by
 * purpose and language; the one with purpose `product.pdf` is the product sheet a customer downloads.
 * Catalogue data, the same for every signed-in customer who reads the same language.
 */
export function createProductsService(deps: {
  products: ProductInformationRepository;
  blobs: BlobStore;
  merchandise: Pick<MerchandiseService, 'productName'>;
}) {
  const { products, blobs, merchandise } = deps;

  const find = async (code: string) => (codeSchema.safeParse(code).success ? products.find(code) : undefined);

  return {
    /** The product as a reader on this storefront, in this locale, sees it. */
    async get(code: string, reader: StorefrontContext): Promise<Product> {
      const product = await find(code);
      if (!product) throw notFound('Product not found');
      const files = filesForReader(product.files, reader.locale).map((file) => ({
        purpose: file.purpose,
        language: file.language,
        fileName: file.fileName,
        contentType: file.contentType,
        size: file.size,
        downloadUrl: productFileUrl(code, file.purpose),
      }));
      return {
        code: product.code,
        // The name order lines and invoices give it (issue 20); the shop's one name is in one language.
        name: merchandise.productName(reader.storefront.storefront.id, code, reader.locale, product.name),
        description: product.description,
        files,
        productPdfUrl: files.find((file) => file.purpose === PRODUCT_PDF_PURPOSE)?.downloadUrl ?? null,
      };
    },

    /** The file of this purpose a reader in `locale` gets; its `language` is what the answer says it is. */
    async file(code: string, purpose: string, locale: string): Promise<ProductFileRecord> {
      const files = (await find(code))?.files.filter((candidate) => candidate.purpose === purpose) ?? [];
      const file = fileForReader(files, locale);
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

    /**
     * Stores a file of the product by purpose and language (none: the product's default); the same bytes
     * again change nothing.
     */
    async putFileFromShop(
      code: string,
      file: { purpose: string; language?: string; fileName: string; contentType: string; body: Readable },
    ): Promise<{ applied: boolean; product: ShopProductInfo }> {
      const language = file.language ?? null;
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
      const current = product.files.find(
        (candidate) => candidate.purpose === file.purpose && candidate.language === language,
      );
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
        language,
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
