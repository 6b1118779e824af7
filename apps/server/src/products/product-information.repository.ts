import type { Queryable } from '../platform/database';
import { column, isoTimestamp, numeric, rowMapper, type RowOf } from '../platform/rows';

export interface ProductFileRecord {
  purpose: string;
  /** The BCP 47 tag the file is written in; null for the product's default file. */
  language: string | null;
  fileName: string;
  contentType: string;
  blobKey: string;
  size: number;
  sha256: string;
}

export interface ProductRecord {
  code: string;
  name: string;
  description: string;
  changedAt: string;
  files: ProductFileRecord[];
}

interface ProductRow {
  code: string;
  name: string;
  description: string;
  changed_at: Date | string;
}

// The default file is stored under '' because the language is part of the key.
const DEFAULT_LANGUAGE = '';

const fileColumns = {
  purpose: column<string>,
  language: (raw: string) => (raw === DEFAULT_LANGUAGE ? null : raw),
  file_name: column<string>,
  content_type: column<string>,
  blob_key: column<string>,
  size: numeric,
  sha256: column<string>,
};
type FileRow = RowOf<typeof fileColumns>;
const toFile: (row: FileRow) => ProductFileRecord = rowMapper(fileColumns);

/** Product information from the shop's catalogue and its files by purpose and language. */
export function createProductInformationRepository(db: Queryable) {
  return {
    async find(code: string): Promise<ProductRecord | undefined> {
      const [product, files] = await Promise.all([
        db.query<ProductRow>('SELECT * FROM product_information WHERE code = $1', [code]),
        db.query<FileRow>(
          'SELECT * FROM product_information_files WHERE product_code = $1 ORDER BY purpose, language',
          [code],
        ),
      ]);
      const row = product.rows[0];
      if (!row) return undefined;
      return {
        code: row.code,
        name: row.name,
        description: row.description,
        changedAt: isoTimestamp(row.changed_at),
        files: files.rows.map(toFile),
      };
    },

    /** Writes the product unless a newer version is stored; true when it was written. */
    async put(product: Omit<ProductRecord, 'files'>): Promise<boolean> {
      const { rows } = await db.query(
        `INSERT INTO product_information (code, name, description, changed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description,
           changed_at = EXCLUDED.changed_at
           WHERE product_information.changed_at < EXCLUDED.changed_at
         RETURNING code`,
        [product.code, product.name, product.description, product.changedAt],
      );
      return rows.length > 0;
    },

    /**
     * Stores a file of the product by purpose and language; answers the one it replaced, whose blob the
     * caller removes.
     */
    // `old` reads the statement's snapshot: the row as it was before this write (FOR UPDATE would skip it).
    async putFile(productCode: string, file: ProductFileRecord): Promise<ProductFileRecord | undefined> {
      const { rows } = await db.query<{ old_key: string | null }>(
        `WITH old AS (
           SELECT blob_key FROM product_information_files
            WHERE product_code = $1 AND purpose = $2 AND language = $3
         ),
         written AS (
           INSERT INTO product_information_files
             (product_code, purpose, language, file_name, content_type, blob_key, size, sha256)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (product_code, purpose, language) DO UPDATE SET file_name = EXCLUDED.file_name,
             content_type = EXCLUDED.content_type, blob_key = EXCLUDED.blob_key, size = EXCLUDED.size,
             sha256 = EXCLUDED.sha256
           RETURNING purpose
         )
         SELECT (SELECT blob_key FROM old) AS old_key FROM written`,
        [
          productCode,
          file.purpose,
          file.language ?? DEFAULT_LANGUAGE,
          file.fileName,
          file.contentType,
          file.blobKey,
          file.size,
          file.sha256,
        ],
      );
      const oldKey = rows[0]?.old_key;
      return oldKey ? { ...file, blobKey: oldKey } : undefined;
    },
  };
}
export type ProductInformationRepository = ReturnType<typeof createProductInformationRepository>;
