import type { BlockedReason, GalleryCategory } from '@photo/contracts/photo-books';
import type { Queryable } from '../platform/database';
import { column, isoTimestamp, numeric, rowMapper, type RowOf } from '../platform/rows';

export interface PhotoBookRecord {
  id: string;
  orderId: string;
  ownerId: string;
  storefrontId: string;
  title: string;
  productName: string;
  pageCount: number;
  blockedReason: BlockedReason | null;
  viewerToken: string;
  isPublic: boolean;
  pagesReceived: number;
  createdAt: string;
}

export interface PhotoBookPageRecord {
  pageNumber: number;
  blobPrefix: string;
  width: number;
  height: number;
}

export interface GalleryEntryRecord {
  widgetId: string;
  channel: string;
  categoryId: GalleryCategory;
  createdAt: string;
  updatedAt: string;
}

/** A book as the storefront's public gallery shows it: its cover is page 1. */
export interface GalleryItemRecord {
  title: string;
  viewerToken: string;
  categoryId: GalleryCategory;
  coverWidth: number;
  coverHeight: number;
}

const widgetColumns = {
  id: column<string>,
  order_id: column<string>,
  owner_id: column<string>,
  storefront_id: column<string>,
  title: column<string>,
  product_name: column<string>,
  page_count: column<number>,
  blocked_reason: column<BlockedReason | null>,
  viewer_token: column<string>,
  is_public: column<boolean>,
  pages_received: numeric,
  created_at: isoTimestamp,
};
type PhotoBookRow = RowOf<typeof widgetColumns>;
const toRecord: (row: PhotoBookRow) => PhotoBookRecord = rowMapper(widgetColumns);

const pageColumns = {
  page_number: column<number>,
  blob_prefix: column<string>,
  width: column<number>,
  height: column<number>,
};
type PageRow = RowOf<typeof pageColumns>;
const toPageRecord: (row: PageRow) => PhotoBookPageRecord = rowMapper(pageColumns);

const galleryColumns = {
  widget_id: column<string>,
  channel: column<string>,
  category_id: column<GalleryCategory>,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
};
type GalleryRow = RowOf<typeof galleryColumns>;
const toGalleryRecord: (row: GalleryRow) => GalleryEntryRecord = rowMapper(galleryColumns);

const SELECT_WIDGET = `SELECT w.*, (SELECT count(*) FROM widget_pages p WHERE p.widget_id = w.id) AS pages_received
  FROM widgets w`;
/** A book its owner and visitors see: not blocked, and every page has arrived. */
const COMPLETE = `w.blocked_reason IS NULL
  AND (SELECT count(*) FROM widget_pages p WHERE p.widget_id = w.id) = w.page_count`;

export type PhotoBookWrite = Omit<PhotoBookRecord, 'isPublic' | 'pagesReceived' | 'createdAt'>;

export function createPhotoBooksRepository(db: Queryable) {
  const findWhere = async (where: string, values: unknown[]) => {
    const { rows } = await db.query<PhotoBookRow>(`${SELECT_WIDGET} WHERE ${where}`, values);
    return rows[0] && toRecord(rows[0]);
  };

  return {
    /** The inner order the shop names, with its owner, storefront and its photo book's article name. */
    async findOrder(orderId: string) {
      const { rows } = await db.query<{
        customer_id: string;
        storefront_id: string;
        article_name: string | null;
      }>(
        `SELECT o.customer_id, s.storefront_id,
           (SELECT article_name FROM order_products op WHERE op.order_id = o.id
             ORDER BY (op.article_group = 'photoBooks') DESC, op.position LIMIT 1) AS article_name
         FROM orders o JOIN super_orders s ON s.code = o.super_order_code WHERE o.id = $1`,
        [orderId],
      );
      const row = rows[0];
      return (
        row && { ownerId: row.customer_id, storefrontId: row.storefront_id, productName: row.article_name }
      );
    },

    /** Creates the order's widget or changes its book; a page beyond a smaller count is dropped (answered). */
    async upsert(widget: PhotoBookWrite): Promise<{ widget: PhotoBookRecord; droppedPrefixes: string[] }> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO widgets (id, order_id, owner_id, storefront_id, title, product_name, page_count,
           blocked_reason, viewer_token)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (order_id) DO UPDATE SET title = EXCLUDED.title, product_name = EXCLUDED.product_name,
           page_count = EXCLUDED.page_count, blocked_reason = EXCLUDED.blocked_reason, updated_at = now()
         RETURNING id`,
        [
          widget.id,
          widget.orderId,
          widget.ownerId,
          widget.storefrontId,
          widget.title,
          widget.productName,
          widget.pageCount,
          widget.blockedReason,
          widget.viewerToken,
        ],
      );
      const id = rows[0]!.id;
      const dropped = await db.query<{ blob_prefix: string }>(
        'DELETE FROM widget_pages WHERE widget_id = $1 AND page_number > $2 RETURNING blob_prefix',
        [id, widget.pageCount],
      );
      return {
        widget: (await findWhere('w.id = $1', [id]))!,
        droppedPrefixes: dropped.rows.map((row) => row.blob_prefix),
      };
    },

    findByOrder: (orderId: string) => findWhere('w.order_id = $1', [orderId]),

    /** Stores a page; answers the blob prefix it replaced, null for a new page. */
    async putPage(widgetId: string, page: PhotoBookPageRecord): Promise<string | null> {
      const { rows } = await db.query<{ old_prefix: string | null }>(
        `WITH old AS (SELECT blob_prefix FROM widget_pages WHERE widget_id = $1 AND page_number = $2 FOR UPDATE)
         INSERT INTO widget_pages (widget_id, page_number, blob_prefix, width, height)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (widget_id, page_number) DO UPDATE SET blob_prefix = EXCLUDED.blob_prefix,
           width = EXCLUDED.width, height = EXCLUDED.height
         RETURNING (SELECT blob_prefix FROM old) AS old_prefix`,
        [widgetId, page.pageNumber, page.blobPrefix, page.width, page.height],
      );
      return rows[0]?.old_prefix ?? null;
    },

    /** The owner's complete books, newest first; only those of these orders when they are named. */
    async listComplete(ownerId: string, orderIds?: string[]): Promise<PhotoBookRecord[]> {
      const { rows } = await db.query<PhotoBookRow>(
        `${SELECT_WIDGET} WHERE w.owner_id = $1 AND ${COMPLETE}
           AND ($2::text[] IS NULL OR w.order_id = ANY($2::text[]))
         ORDER BY w.created_at DESC, w.id`,
        [ownerId, orderIds ?? null],
      );
      return rows.map(toRecord);
    },

    async listBlocked(ownerId: string): Promise<PhotoBookRecord[]> {
      const { rows } = await db.query<PhotoBookRow>(
        `${SELECT_WIDGET} WHERE w.owner_id = $1 AND w.blocked_reason IS NOT NULL ORDER BY w.created_at DESC, w.id`,
        [ownerId],
      );
      return rows.map(toRecord);
    },

    findOwnedComplete: (ownerId: string, id: string) =>
      findWhere(`w.owner_id = $1 AND w.id = $2 AND ${COMPLETE}`, [ownerId, id]),

    /** The book behind a viewer address, only while it is public and complete. */
    findPublicByToken: (token: string) =>
      findWhere(`w.viewer_token = $1 AND w.is_public AND ${COMPLETE}`, [token]),

    /**
     * Switches public viewing; switched off, the book also leaves the public gallery. Switched on from
     * off (in this one statement, so two requests at once cannot skip it) it takes `newViewerToken`.
     */
    async setPublic(
      ownerId: string,
      id: string,
      isPublic: boolean,
      newViewerToken: string,
    ): Promise<boolean> {
      const { rows } = await db.query<{ id: string }>(
        `UPDATE widgets SET is_public = $3, updated_at = now(),
           viewer_token = CASE WHEN $3 AND NOT is_public THEN $4 ELSE viewer_token END
         WHERE owner_id = $1 AND id = $2 RETURNING id`,
        [ownerId, id, isPublic, newViewerToken],
      );
      if (rows.length > 0 && !isPublic) {
        await db.query('DELETE FROM widget_gallery_entries WHERE widget_id = $1', [id]);
      }
      return rows.length > 0;
    },

    async pages(widgetId: string): Promise<PhotoBookPageRecord[]> {
      const { rows } = await db.query<PageRow>(
        'SELECT * FROM widget_pages WHERE widget_id = $1 ORDER BY page_number',
        [widgetId],
      );
      return rows.map(toPageRecord);
    },

    async page(widgetId: string, pageNumber: number): Promise<PhotoBookPageRecord | undefined> {
      const { rows } = await db.query<PageRow>(
        'SELECT * FROM widget_pages WHERE widget_id = $1 AND page_number = $2',
        [widgetId, pageNumber],
      );
      return rows[0] && toPageRecord(rows[0]);
    },

    /** Deletes the widget (of this owner, when one is named); answers its pages' blob prefixes. */
    async delete(
      where: { ownerId: string; id: string } | { orderId: string },
    ): Promise<string[] | undefined> {
      const { rows } = await db.query<{ id: string }>(
        'ownerId' in where
          ? 'SELECT id FROM widgets WHERE owner_id = $1 AND id = $2 FOR UPDATE'
          : 'SELECT id FROM widgets WHERE order_id = $1 FOR UPDATE',
        'ownerId' in where ? [where.ownerId, where.id] : [where.orderId],
      );
      const id = rows[0]?.id;
      if (!id) return undefined;
      const pages = await db.query<{ blob_prefix: string }>(
        'DELETE FROM widget_pages WHERE widget_id = $1 RETURNING blob_prefix',
        [id],
      );
      await db.query('DELETE FROM widgets WHERE id = $1', [id]);
      return pages.rows.map((row) => row.blob_prefix);
    },

    async galleryEntry(ownerId: string, widgetId: string): Promise<GalleryEntryRecord | undefined> {
      const { rows } = await db.query<GalleryRow>(
        `SELECT g.* FROM widget_gallery_entries g JOIN widgets w ON w.id = g.widget_id
         WHERE w.owner_id = $1 AND g.widget_id = $2`,
        [ownerId, widgetId],
      );
      return rows[0] && toGalleryRecord(rows[0]);
    },

    /** Publishes the book, or answers undefined when it is there already. */
    async createGalleryEntry(widgetId: string, channel: string, categoryId: GalleryCategory) {
      const { rows } = await db.query<GalleryRow>(
        `INSERT INTO widget_gallery_entries (widget_id, channel, category_id) VALUES ($1, $2, $3)
         ON CONFLICT (widget_id) DO NOTHING RETURNING *`,
        [widgetId, channel, categoryId],
      );
      return rows[0] && toGalleryRecord(rows[0]);
    },

    async updateGalleryEntry(ownerId: string, widgetId: string, categoryId: GalleryCategory) {
      const { rows } = await db.query<GalleryRow>(
        `UPDATE widget_gallery_entries g SET category_id = $3, updated_at = now() FROM widgets w
         WHERE w.id = g.widget_id AND w.owner_id = $1 AND g.widget_id = $2 RETURNING g.*`,
        [ownerId, widgetId, categoryId],
      );
      return rows[0] && toGalleryRecord(rows[0]);
    },

    /**
     * One page of a storefront's public gallery, newest first: only books still public and complete
     * (switching public viewing off also deletes the entry; this guards the moment in between).
     */
    async listGallery(
      channel: string,
      categoryId: GalleryCategory | null,
      limit: number,
      offset: number,
    ): Promise<{ items: GalleryItemRecord[]; total: number }> {
      const { rows } = await db.query<{
        title: string;
        viewer_token: string;
        category_id: GalleryCategory;
        width: number;
        height: number;
        total: string | number;
      }>(
        `SELECT w.title, w.viewer_token, g.category_id, p.width, p.height, count(*) OVER () AS total
         FROM widget_gallery_entries g
         JOIN widgets w ON w.id = g.widget_id
         JOIN widget_pages p ON p.widget_id = w.id AND p.page_number = 1
         WHERE g.channel = $1 AND ($2::text IS NULL OR g.category_id = $2) AND w.is_public AND ${COMPLETE}
         ORDER BY g.created_at DESC, g.widget_id DESC
         LIMIT $3 OFFSET $4`,
        [channel, categoryId, limit, offset],
      );
      return {
        items: rows.map((row) => ({
          title: row.title,
          viewerToken: row.viewer_token,
          categoryId: row.category_id,
          coverWidth: row.width,
          coverHeight: row.height,
        })),
        total: Number(rows[0]?.total ?? 0),
      };
    },

    async deleteGalleryEntry(ownerId: string, widgetId: string): Promise<boolean> {
      const { rows } = await db.query<{ widget_id: string }>(
        `DELETE FROM widget_gallery_entries g USING widgets w
         WHERE w.id = g.widget_id AND w.owner_id = $1 AND g.widget_id = $2 RETURNING g.widget_id`,
        [ownerId, widgetId],
      );
      return rows.length > 0;
    },
  };
}

export type PhotoBooksRepository = ReturnType<typeof createPhotoBooksRepository>;
