import type { Readable } from 'node:stream';
import { codeSchema } from '@photo/contracts/common';
import type { CustomerPdf } from '@photo/contracts/products';
import { ORDER_PDF_ARCHIVE_MAX_BYTES, type ShopPdf, type ShopPdfArchive } from '@photo/contracts/shop-pdfs';
import type { BlobStore } from '../platform/blob-store';
import type { MerchandiseService } from '../merchandise/merchandise.service';
import type { Caller } from '../platform/caller';
import { conflict, fileUnavailable, invalid, notFound } from '../platform/errors';
import { putHashed } from '../platform/hashed-upload';
import { DamagedZipError, listZipEntries, openZipEntry, type StoredZipEntry } from '../platform/stored-zip';
import { uuidv7 } from '../platform/uuid';
import type { OrderPdfRecord, OrderPdfsRepository } from './order-pdfs.repository';

const isPdfEntry = (name: string) => name.toLowerCase().endsWith('.pdf');

/** Every PDF file starts so (ISO 32000-2, 7.5.2). */
const PDF_MAGIC = Buffer.from('%PDF-');

/** The first bytes of a stream, which is then let go of. */
async function firstBytes(stream: Readable, count: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= count) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, count);
}

export const startsAsPdf = async (stream: Readable) => (await firstBytes(stream, 5)).equals(PDF_MAGIC);

/** A download name from the PDF's name: no path separators or control characters, ending in .pdf. */
export function pdfFileName(name: string): string {
  const base = name.replace(/[/\\\p{Cc}"]+/gu, ' ').trim() || 'document';
  return isPdfEntry(base) ? base : `${base}.pdf`;
}

const toShopPdf = (pdf: OrderPdfRecord): ShopPdf => ({
  code: pdf.code,
  orderId: pdf.orderId,
  customerId: pdf.customerId,
  lineId: pdf.lineId,
  entry: pdf.entryName,
  name: pdf.name,
  createdAt: pdf.createdAt,
});

/**
 * The customer's PDFs (docs/product/overview.md 'a map PDF list', 7): the shop's production stores an order's print
 * files as one zip and names each PDF in it; the owner lists them and downloads one, taken out of the
 * zip as it streams. Another customer's code answers 404 (decision 096).
 */
export function createOrderPdfsService(deps: {
  pdfs: OrderPdfsRepository;
  blobs: BlobStore;
  /** The one catalogue: a print file's product is named as order lines are, in the reader's language. */
  merchandise: Pick<MerchandiseService, 'productName'>;
}) {
  const { pdfs, blobs } = deps;

  const removeBlob = async (key: string) => {
    // No row points at it any more: a failure leaves an unreachable file, never a broken row.
    await blobs.delete(key).catch(() => undefined);
  };

  return {
    async list(caller: Caller, locale: string): Promise<CustomerPdf[]> {
      return (await pdfs.listOwned(caller.customerId)).map((pdf) => ({
        code: pdf.code,
        name: pdf.name,
        orderCode: pdf.orderCode,
        productCode: pdf.productCode,
        product: pdf.productCode
          ? deps.merchandise.productName(caller.storefrontId, pdf.productCode, locale, pdf.articleName)
          : pdf.articleName,
        date: pdf.createdAt,
      }));
    },

    /** The owner's PDF as a stream out of its order's zip, with its size and download name. */
    async open(caller: Caller, code: string): Promise<{ fileName: string; size: number; stream: Readable }> {
      const found = codeSchema.safeParse(code).success
        ? await pdfs.findOwnedWithArchive(caller.customerId, code)
        : undefined;
      if (!found) throw notFound('PDF not found');
      const { pdf, archive } = found;
      let entry: Awaited<ReturnType<typeof openZipEntry>>;
      try {
        entry = await openZipEntry(blobs, archive.blobKey, archive.size, pdf.entryName);
      } catch (error) {
        if (error instanceof DamagedZipError) {
          throw fileUnavailable(`The stored zip of order ${pdf.orderId} is damaged; this PDF cannot be read`);
        }
        throw error;
      }
      if (!entry) throw fileUnavailable(`The stored zip of order ${pdf.orderId} does not hold this PDF`);
      return { fileName: pdfFileName(pdf.name), size: entry.size, stream: entry.stream };
    },

    /** The shop's production sends an order's zip of PDFs; the same bytes again change nothing. */
    async putArchiveFromShop(orderId: string, file: Readable): Promise<ShopPdfArchive> {
      const order = await pdfs.findOrder(orderId);
      if (!order) throw notFound('Order not found');
      const key = `order-pdfs/${order.customerId}/${uuidv7()}.zip`;
      const { size, sha256 } = await putHashed(
        blobs,
        key,
        file,
        ORDER_PDF_ARCHIVE_MAX_BYTES,
        'application/zip',
      );
      const pdfEntriesOf = (entries: StoredZipEntry[]) =>
        entries.map((entry) => entry.name).filter(isPdfEntry);
      const answer = (applied: boolean, pdfEntries: string[], removedPdfs: string[] = []) => ({
        orderId,
        size,
        sha256,
        applied,
        pdfEntries,
        removedPdfs,
      });
      const current = await pdfs.findArchive(orderId);
      if (current?.sha256 === sha256) {
        await removeBlob(key);
        return answer(false, pdfEntriesOf(await listZipEntries(blobs, current.blobKey, current.size)));
      }
      let entries: StoredZipEntry[];
      try {
        entries = await listZipEntries(blobs, key, size);
      } catch (error) {
        await removeBlob(key);
        if (error instanceof DamagedZipError) throw invalid('body', 'The file is not a zip that can be read');
        throw error;
      }
      const pdfEntries = pdfEntriesOf(entries);
      const { replaced, removedPdfs } = await pdfs.putArchive(
        { orderId, customerId: order.customerId, blobKey: key, size, sha256 },
        pdfEntries,
      );
      if (replaced) await removeBlob(replaced.blobKey);
      return answer(true, pdfEntries, removedPdfs);
    },

    /** The shop names one PDF of the order's zip; its code stays with that order. */
    async putPdfFromShop(
      code: string,
      pdf: { orderId: string; lineId: string; entry: string; name: string; createdAt: string },
    ): Promise<ShopPdf> {
      const order = await pdfs.findOrder(pdf.orderId, pdf.lineId);
      if (!order) throw notFound('Order not found');
      if (!order.hasLine)
        throw invalid('body.lineId', `body.lineId: the order has no product line ${pdf.lineId}`);
      const archive = await pdfs.findArchive(pdf.orderId);
      if (!archive) throw conflict('The order has no zip of PDFs yet: send it first');
      const entry = await openZipEntry(blobs, archive.blobKey, archive.size, pdf.entry);
      if (!entry) throw invalid('body.entry', `body.entry: the order's zip holds no file ${pdf.entry}`);
      if (!(await startsAsPdf(entry.stream))) {
        throw invalid('body.entry', `body.entry: ${pdf.entry} is not a PDF`);
      }
      const saved = await pdfs.putPdf({
        code,
        orderId: pdf.orderId,
        customerId: order.customerId,
        lineId: pdf.lineId,
        entryName: pdf.entry,
        name: pdf.name,
        createdAt: pdf.createdAt,
      });
      if (!saved) throw conflict('This PDF code belongs to another order');
      return toShopPdf(saved);
    },
  };
}
export type OrderPdfsService = ReturnType<typeof createOrderPdfsService>;
