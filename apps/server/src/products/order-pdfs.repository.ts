import type { Queryable } from '../platform/database';
import { column, isoTimestamp, numeric, rowMapper, type RowOf } from '../platform/rows';

export interface PdfArchiveRecord {
  orderId: string;
  customerId: string;
  blobKey: string;
  size: number;
  sha256: string;
}

const archiveColumns = {
  order_id: column<string>,
  customer_id: column<string>,
  blob_key: column<string>,
  size: numeric,
  sha256: column<string>,
};
type ArchiveRow = RowOf<typeof archiveColumns>;
const toArchive: (row: ArchiveRow) => PdfArchiveRecord = rowMapper(archiveColumns);

export interface OrderPdfRecord {
  code: string;
  orderId: string;
  customerId: string;
  lineId: string;
  entryName: string;
  name: string;
  createdAt: string;
}

const pdfColumns = {
  code: column<string>,
  order_id: column<string>,
  customer_id: column<string>,
  line_id: column<string>,
  entry_name: column<string>,
  name: column<string>,
  created_at: isoTimestamp,
};
type PdfRow = RowOf<typeof pdfColumns>;
const toPdf: (row: PdfRow) => OrderPdfRecord = rowMapper(pdfColumns);

/** A PDF of the list: with its order's code and the product line it was made for. */
export interface ListedPdfRecord extends OrderPdfRecord {
  orderCode: string;
  productCode: string;
  articleName: string;
}

/** The print files of orders: each order's stored zip and the PDFs the shop named in it. */
export function createOrderPdfsRepository(db: Queryable) {
  return {
    /** The order (whoever's it is) and whether it has that product line, for the shop's writes. */
    async findOrder(orderId: string, lineId?: string) {
      const { rows } = await db.query<{ customer_id: string; has_line: boolean }>(
        `SELECT o.customer_id,
                EXISTS (SELECT 1 FROM order_products p WHERE p.order_id = o.id AND p.line_id = $2) AS has_line
           FROM orders o WHERE o.id = $1`,
        [orderId, lineId ?? ''],
      );
      return rows[0] && { customerId: rows[0].customer_id, hasLine: rows[0].has_line };
    },

    async findArchive(orderId: string): Promise<PdfArchiveRecord | undefined> {
      const { rows } = await db.query<ArchiveRow>('SELECT * FROM order_pdf_archives WHERE order_id = $1', [
        orderId,
      ]);
      return rows[0] && toArchive(rows[0]);
    },

    /** Stores the order's zip; answers the one it replaced, whose blob the caller removes. */
    // `old` reads the statement's snapshot: the row as it was before this write (FOR UPDATE would skip it).
    /**
     * Stores the order's zip; the order's PDFs naming an entry the new zip lacks go with the old one.
     * Answers the old zip (to remove its blob) and the codes of the PDFs that went.
     */
    async putArchive(
      archive: PdfArchiveRecord,
      pdfEntries: string[],
    ): Promise<{ replaced: PdfArchiveRecord | undefined; removedPdfs: string[] }> {
      const { rows } = await db.query<{ old_key: string | null; removed: string[] }>(
        `WITH old AS (SELECT blob_key FROM order_pdf_archives WHERE order_id = $1),
         written AS (
           INSERT INTO order_pdf_archives (order_id, customer_id, blob_key, size, sha256)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (order_id) DO UPDATE SET blob_key = EXCLUDED.blob_key, size = EXCLUDED.size,
             sha256 = EXCLUDED.sha256, received_at = now()
           RETURNING order_id
         ),
         removed AS (
           DELETE FROM order_pdfs WHERE order_id = $1 AND NOT (entry_name = ANY($6::text[])) RETURNING code
         )
         SELECT (SELECT blob_key FROM old) AS old_key,
                ARRAY(SELECT code FROM removed ORDER BY code) AS removed
           FROM written`,
        [archive.orderId, archive.customerId, archive.blobKey, archive.size, archive.sha256, pdfEntries],
      );
      const oldKey = rows[0]?.old_key;
      return {
        replaced: oldKey ? { ...archive, blobKey: oldKey } : undefined,
        removedPdfs: rows[0]?.removed ?? [],
      };
    },

    async findPdf(code: string): Promise<OrderPdfRecord | undefined> {
      const { rows } = await db.query<PdfRow>('SELECT * FROM order_pdfs WHERE code = $1', [code]);
      return rows[0] && toPdf(rows[0]);
    },

    /** Creates or changes the PDF of this code, as long as it stays with its order. */
    async putPdf(pdf: OrderPdfRecord): Promise<OrderPdfRecord | undefined> {
      const { rows } = await db.query<PdfRow>(
        `INSERT INTO order_pdfs (code, order_id, customer_id, line_id, entry_name, name, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (code) DO UPDATE SET line_id = EXCLUDED.line_id, entry_name = EXCLUDED.entry_name,
           name = EXCLUDED.name, created_at = EXCLUDED.created_at
           WHERE order_pdfs.order_id = EXCLUDED.order_id
         RETURNING *`,
        [pdf.code, pdf.orderId, pdf.customerId, pdf.lineId, pdf.entryName, pdf.name, pdf.createdAt],
      );
      return rows[0] && toPdf(rows[0]);
    },

    /** The customer's PDFs, newest first. */
    async listOwned(customerId: string): Promise<ListedPdfRecord[]> {
      const { rows } = await db.query<
        PdfRow & { super_order_code: string; product_code: string | null; article_name: string | null }
      >(
        `SELECT f.*, o.super_order_code, p.product_code, p.article_name
           FROM order_pdfs f
           JOIN orders o ON o.id = f.order_id
           LEFT JOIN order_products p ON p.order_id = f.order_id AND p.line_id = f.line_id
          WHERE f.customer_id = $1
          ORDER BY f.created_at DESC, f.code`,
        [customerId],
      );
      return rows.map((row) => ({
        ...toPdf(row),
        orderCode: row.super_order_code,
        productCode: row.product_code ?? '',
        articleName: row.article_name ?? '',
      }));
    },

    /** The customer's PDF with its order's zip; undefined when either is missing or not theirs. */
    async findOwnedWithArchive(customerId: string, code: string) {
      const { rows } = await db.query<PdfRow & { blob_key: string; size: string | number; sha256: string }>(
        `SELECT f.*, a.blob_key, a.size, a.sha256
           FROM order_pdfs f JOIN order_pdf_archives a ON a.order_id = f.order_id
          WHERE f.customer_id = $1 AND f.code = $2`,
        [customerId, code],
      );
      const row = rows[0];
      return row && { pdf: toPdf(row), archive: { blobKey: row.blob_key, size: Number(row.size) } };
    },
  };
}
export type OrderPdfsRepository = ReturnType<typeof createOrderPdfsRepository>;
