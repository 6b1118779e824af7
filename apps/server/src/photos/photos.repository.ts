import type { ActivationStatus, SortKey, SortOrder, TimelineEntry } from '@photo/contracts/photos';
import type { Queryable } from '../platform/database';
import { column, json, numeric, rowMapper, type RowOf } from '../platform/rows';

export interface DerivativeRecord {
  size: number;
  width: number;
  height: number;
  key: string;
  mimeType: string;
}

export interface PhotoRecord {
  id: string;
  ownerId: string;
  uploadId: string;
  localFileName: string;
  contentHash: string;
  mimeType: string;
  byteSize: number;
  width: number;
  height: number;
  visibleWidth: number;
  visibleHeight: number;
  orientation: number | null;
  /** `YYYY-MM-DDTHH:mm:ss`, local to where the photo was taken. */
  takenLocal: string | null;
  takenOffset: string | null;
  uploadedAt: string;
  status: 'processing' | 'ready' | 'failed';
  failureReason: string | null;
  placeholder: string | null;
  derivatives: DerivativeRecord[];
}

const photoRowColumns = {
  id: column<string>,
  owner_id: column<string>,
  upload_id: column<string>,
  local_file_name: column<string>,
  content_hash: column<string>,
  mime_type: column<string>,
  byte_size: numeric,
  width: column<number>,
  height: column<number>,
  visible_width: column<number>,
  visible_height: column<number>,
  orientation: column<number | null>,
  taken_local: column<string | null>,
  taken_offset: column<string | null>,
  uploaded_at: column<string>,
  status: column<PhotoRecord['status']>,
  failure_reason: column<string | null>,
  placeholder: column<string | null>,
  derivatives: json<DerivativeRecord[]>,
};
export type PhotoRow = RowOf<typeof photoRowColumns>;
export const toRecord: (row: PhotoRow) => PhotoRecord = rowMapper(photoRowColumns);

// Timestamps leave the database as text in a fixed shape, so no driver applies a time zone to them.
// Qualified, so the same list reads photos joined with an album's rows.
export const photoColumns = `photos.id, photos.owner_id, photos.upload_id, photos.local_file_name, photos.content_hash,
  photos.mime_type, photos.byte_size, photos.width, photos.height,
  photos.visible_width, photos.visible_height, photos.orientation,
  to_char(photos.taken_local, 'YYYY-MM-DD"T"HH24:MI:SS') AS taken_local, photos.taken_offset,
  to_char(photos.uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS uploaded_at,
  photos.status, photos.failure_reason, photos.placeholder, photos.derivatives`;

export type NewPhoto = Omit<
  PhotoRecord,
  'uploadedAt' | 'status' | 'failureReason' | 'placeholder' | 'derivatives'
>;

/** A position in a sorted list: the sort value and the id that breaks ties. */
export interface Keyset {
  value: string | null;
  id: string;
}

export interface PageRequest {
  ownerId: string;
  sortKey: SortKey;
  sortOrder: SortOrder;
  after: Keyset | undefined;
  limit: number;
}

/**
 * Where a list of photos comes from: the whole library of an owner, or one album (whose rows carry
 * copies of the sort columns, so its sections walk an index of its own). `$1` is the scope's id.
 */
export interface PhotoScope {
  from: string;
  scopeColumn: string;
  idColumn: string;
  sortColumns: Record<SortKey, string>;
}

export const libraryScope: PhotoScope = {
  from: 'photos',
  scopeColumn: 'photos.owner_id',
  idColumn: 'photos.id',
  sortColumns: { dateTaken: 'photos.taken_local', created: 'photos.uploaded_at' },
};

export const albumScope: PhotoScope = {
  from: 'album_photos JOIN photos ON photos.id = album_photos.photo_id',
  scopeColumn: 'album_photos.album_id',
  idColumn: 'album_photos.photo_id',
  sortColumns: { dateTaken: 'album_photos.taken_local', created: 'album_photos.uploaded_at' },
};

export interface ScopedPageRequest {
  scopeId: string;
  sortKey: SortKey;
  sortOrder: SortOrder;
  after: Keyset | undefined;
  limit: number;
}

function monthBounds(year: number, month: number): [string, string] {
  const next = month === 12 ? [year + 1, 1] : [year, month + 1];
  // Four-digit years: PostgreSQL reads a short one such as '1-01-01' as a two-digit year (2001).
  const pad = (n: number, digits = 2) => String(n).padStart(digits, '0');
  return [`${pad(year, 4)}-${pad(month)}-01`, `${pad(next[0]!, 4)}-${pad(next[1]!)}-01`];
}

export function keysetOf(photo: PhotoRecord, sortKey: SortKey): Keyset {
  return { value: sortKey === 'dateTaken' ? photo.takenLocal : photo.uploadedAt, id: photo.id };
}

/**
 * One month of one sort key, in keyset pages. Photos without a date (month 0) are ordered by id,
 * which is time-ordered (UUIDv7), so they keep upload order.
 */
export async function listMonthIn(
  db: Queryable,
  scope: PhotoScope,
  request: ScopedPageRequest & { year: number; month: number },
): Promise<PhotoRecord[]> {
  const { scopeId, sortKey, sortOrder, after, limit, year, month } = request;
  const direction = sortOrder === 'asc' ? 'ASC' : 'DESC';
  const compare = sortOrder === 'asc' ? '>' : '<';
  const params: unknown[] = [scopeId, limit];
  const where = [`${scope.scopeColumn} = $1`];
  const column = scope.sortColumns[sortKey];
  const id = scope.idColumn;
  const unknownDate = sortKey === 'dateTaken' && year === 0;
  if (unknownDate) {
    where.push(`${column} IS NULL`);
    if (after) {
      params.push(after.id);
      where.push(`${id} ${compare} $${params.length}`);
    }
  } else {
    const [start, end] = monthBounds(year, month);
    const bound =
      sortKey === 'created'
        ? (value: string) => `(${value}::timestamp AT TIME ZONE 'UTC')`
        : (value: string) => `${value}::timestamp`;
    params.push(start, end);
    where.push(`${column} >= ${bound(`$${params.length - 1}`)}`, `${column} < ${bound(`$${params.length}`)}`);
    if (after) {
      params.push(after.value, after.id);
      const castValue =
        sortKey === 'created' ? `$${params.length - 1}::timestamptz` : `$${params.length - 1}::timestamp`;
      where.push(`(${column}, ${id}) ${compare} (${castValue}, $${params.length}::uuid)`);
    }
  }
  // Qualified names: the select list formats the timestamps as text under the same names, and
  // ordering by that text would sort every row of the month instead of walking the index.
  const { rows } = await db.query<PhotoRow>(
    `SELECT ${photoColumns} FROM ${scope.from} WHERE ${where.join(' AND ')}
     ORDER BY ${column} ${direction}, ${id} ${direction} LIMIT $2`,
    params,
  );
  return rows.map(toRecord);
}

/** Every photo of a scope in one order (docs/product/calls.md GET /photos), dated photos first, then undated. */
export async function listAllIn(
  db: Queryable,
  scope: PhotoScope,
  request: ScopedPageRequest,
): Promise<PhotoRecord[]> {
  const { scopeId, sortKey, sortOrder, after, limit } = request;
  const column = scope.sortColumns[sortKey];
  const id = scope.idColumn;
  const direction = sortOrder === 'asc' ? 'ASC' : 'DESC';
  const compare = sortOrder === 'asc' ? '>' : '<';
  const cast = sortKey === 'created' ? 'timestamptz' : 'timestamp';
  const params: unknown[] = [scopeId, limit];
  let condition = '';
  if (after && after.value !== null) {
    params.push(after.value, after.id);
    condition = `AND (${column} IS NULL OR (${column}, ${id}) ${compare} ($3::${cast}, $4::uuid))`;
  } else if (after) {
    params.push(after.id);
    condition = `AND ${column} IS NULL AND ${id} ${compare} $3::uuid`;
  }
  const { rows } = await db.query<PhotoRow>(
    `SELECT ${photoColumns} FROM ${scope.from} WHERE ${scope.scopeColumn} = $1 ${condition}
     ORDER BY ${column} ${direction} NULLS LAST, ${id} ${direction} LIMIT $2`,
    params,
  );
  return rows.map(toRecord);
}

export function createPhotosRepository(db: Queryable) {
  const scoped = ({ ownerId, ...rest }: PageRequest): ScopedPageRequest => ({ scopeId: ownerId, ...rest });
  return {
    listMonth: (request: PageRequest & { year: number; month: number }) =>
      listMonthIn(db, libraryScope, { ...scoped(request), year: request.year, month: request.month }),

    /** The whole library in one order (docs/product/calls.md GET /photos), dated photos first, then undated. */
    listAll: (request: PageRequest) => listAllIn(db, libraryScope, scoped(request)),

    async timeline(ownerId: string, sortKey: SortKey): Promise<TimelineEntry[]> {
      const { rows } = await db.query<TimelineEntry>(
        `SELECT year, month, count FROM photo_month_counts WHERE owner_id = $1 AND sort_key = $2
         ORDER BY year DESC, month DESC`,
        [ownerId, sortKey],
      );
      return rows;
    },

    async countPhotos(ownerId: string): Promise<number> {
      const { rows } = await db.query<{ total: string | null }>(
        `SELECT sum(count) AS total FROM photo_month_counts WHERE owner_id = $1 AND sort_key = 'created'`,
        [ownerId],
      );
      return Number(rows[0]?.total ?? 0);
    },

    /**
     * Photos the shop holds that the library has not taken in yet (the import names each one's upload
     * `import-{id}`); an unreadable one the import skipped stays counted until the library is active.
     */
    async countHeldNotImported(ownerId: string): Promise<number> {
      const { rows } = await db.query<{ total: string | number }>(
        `SELECT count(*) AS total FROM shop_held_photos held WHERE held.owner_id = $1
           AND NOT EXISTS (SELECT 1 FROM photos WHERE photos.owner_id = $1 AND photos.upload_id = 'import-' || held.id)`,
        [ownerId],
      );
      return Number(rows[0]?.total ?? 0);
    },

    async countAlbums(ownerId: string): Promise<number> {
      const { rows } = await db.query<{ total: string | number }>(
        'SELECT count(*) AS total FROM albums WHERE owner_id = $1',
        [ownerId],
      );
      return Number(rows[0]?.total ?? 0);
    },

    async findOwned(ownerId: string, id: string): Promise<PhotoRecord | undefined> {
      const { rows } = await db.query<PhotoRow>(
        `SELECT ${photoColumns} FROM photos WHERE owner_id = $1 AND id = $2`,
        [ownerId, id],
      );
      return rows[0] && toRecord(rows[0]);
    },

    /** The customer's photos among `ids` (well-formed UUIDs), in no particular order. */
    async findOwnedMany(ownerId: string, ids: string[]): Promise<PhotoRecord[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.query<PhotoRow>(
        `SELECT ${photoColumns} FROM photos WHERE owner_id = $1 AND id = ANY($2::uuid[])`,
        [ownerId, ids],
      );
      return rows.map(toRecord);
    },

    async findById(id: string): Promise<PhotoRecord | undefined> {
      const { rows } = await db.query<PhotoRow>(`SELECT ${photoColumns} FROM photos WHERE id = $1`, [id]);
      return rows[0] && toRecord(rows[0]);
    },

    async findByContent(ownerId: string, contentHash: string): Promise<PhotoRecord | undefined> {
      const { rows } = await db.query<PhotoRow>(
        `SELECT ${photoColumns} FROM photos WHERE owner_id = $1 AND content_hash = $2`,
        [ownerId, contentHash],
      );
      return rows[0] && toRecord(rows[0]);
    },

    /** Inserts unless the same bytes are already in the library; resolves to the row that holds them. */
    async insert(photo: NewPhoto): Promise<{ record: PhotoRecord; created: boolean }> {
      const { rows } = await db.query<PhotoRow>(
        `INSERT INTO photos (id, owner_id, upload_id, local_file_name, content_hash, mime_type, byte_size, width, height,
           visible_width, visible_height, orientation, taken_local, taken_offset)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::timestamp, $14)
         ON CONFLICT (owner_id, content_hash) DO NOTHING
         RETURNING ${photoColumns}`,
        [
          photo.id,
          photo.ownerId,
          photo.uploadId,
          photo.localFileName,
          photo.contentHash,
          photo.mimeType,
          photo.byteSize,
          photo.width,
          photo.height,
          photo.visibleWidth,
          photo.visibleHeight,
          photo.orientation,
          photo.takenLocal,
          photo.takenOffset,
        ],
      );
      if (rows[0]) return { record: toRecord(rows[0]), created: true };
      const existing = await this.findByContent(photo.ownerId, photo.contentHash);
      return { record: existing!, created: false };
    },

    async markReady(
      id: string,
      placeholder: string,
      derivatives: DerivativeRecord[],
    ): Promise<PhotoRecord | undefined> {
      const { rows } = await db.query<PhotoRow>(
        `UPDATE photos SET status = 'ready', failure_reason = NULL, placeholder = $2, derivatives = $3
         WHERE id = $1 RETURNING ${photoColumns}`,
        [id, placeholder, JSON.stringify(derivatives)],
      );
      return rows[0] && toRecord(rows[0]);
    },

    /** Dates a photo that had no taken date; its months (library and albums) follow by trigger. */
    async setTakenDate(id: string, local: string, offset: string | null): Promise<void> {
      await db.query(
        `UPDATE photos SET taken_local = $2::timestamp, taken_offset = $3 WHERE id = $1 AND taken_local IS NULL`,
        [id, local, offset],
      );
    },

    async setStatus(id: string, status: PhotoRecord['status'], failureReason: string | null): Promise<void> {
      await db.query(`UPDATE photos SET status = $2, failure_reason = $3 WHERE id = $1`, [
        id,
        status,
        failureReason,
      ]);
    },

    /** Deletes the caller's rows and leaves tombstones; resolves to the deleted rows (for their files). */
    async deleteOwned(ownerId: string, ids: string[]): Promise<PhotoRecord[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.query<PhotoRow>(
        `WITH gone AS (DELETE FROM photos WHERE owner_id = $1 AND id = ANY($2::uuid[]) RETURNING *),
              tomb AS (INSERT INTO deleted_photos (id, owner_id) SELECT id, owner_id FROM gone ON CONFLICT DO NOTHING)
         SELECT ${photoColumns} FROM gone AS photos`,
        [ownerId, ids],
      );
      return rows.map(toRecord);
    },

    async findTombstones(ownerId: string, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM deleted_photos WHERE owner_id = $1 AND id = ANY($2::uuid[])`,
        [ownerId, ids],
      );
      return rows.map((row) => row.id);
    },

    async oldestIds(ownerId: string, limit: number): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `SELECT id FROM photos WHERE owner_id = $1 ORDER BY id LIMIT $2`,
        [ownerId, limit],
      );
      return rows.map((row) => row.id);
    },

    async libraryStatus(ownerId: string): Promise<ActivationStatus> {
      const { rows } = await db.query<{ status: ActivationStatus }>(
        `SELECT status FROM photo_libraries WHERE owner_id = $1`,
        [ownerId],
      );
      return rows[0]?.status ?? 'NOT_ACTIVE';
    },

    /** Moves the library from one status to another only if it is still in one of the first; true when it moved. */
    async transitionLibrary(
      ownerId: string,
      from: ActivationStatus[],
      to: ActivationStatus,
    ): Promise<boolean> {
      if (from.includes('NOT_ACTIVE')) {
        await db.query(
          `INSERT INTO photo_libraries (owner_id, status) VALUES ($1, 'NOT_ACTIVE') ON CONFLICT (owner_id) DO NOTHING`,
          [ownerId],
        );
      }
      const { rows } = await db.query<{ owner_id: string }>(
        `UPDATE photo_libraries SET status = $3, updated_at = now() WHERE owner_id = $1 AND status = ANY($2)
         RETURNING owner_id`,
        [ownerId, from, to],
      );
      return rows.length > 0;
    },

    /** Bytes of originals the customer keeps (kept by trigger, migration 005). */
    async storageUsed(ownerId: string): Promise<number> {
      const { rows } = await db.query<{ byte_count: string | number }>(
        'SELECT byte_count FROM photo_storage_usage WHERE owner_id = $1',
        [ownerId],
      );
      return Number(rows[0]?.byte_count ?? 0);
    },

    /** The same, with the customer's usage row locked until the transaction ends. */
    async lockStorageUsed(ownerId: string): Promise<number> {
      await db.query(
        `INSERT INTO photo_storage_usage (owner_id, byte_count) VALUES ($1, 0) ON CONFLICT (owner_id) DO NOTHING`,
        [ownerId],
      );
      const { rows } = await db.query<{ byte_count: string | number }>(
        'SELECT byte_count FROM photo_storage_usage WHERE owner_id = $1 FOR UPDATE',
        [ownerId],
      );
      return Number(rows[0]?.byte_count ?? 0);
    },

    /** Forgets what the shop holds for the owner (decision 087); resolves to the files to remove. */
    async deleteShopHeldPhotos(ownerId: string): Promise<string[]> {
      const { rows } = await db.query<{ blob_key: string }>(
        'DELETE FROM shop_held_photos WHERE owner_id = $1 RETURNING blob_key',
        [ownerId],
      );
      return rows.map((row) => row.blob_key);
    },

    async shopHeldPhotos(ownerId: string): Promise<Array<{ id: string; blobKey: string; fileName: string }>> {
      const { rows } = await db.query<{ id: string; blob_key: string; file_name: string }>(
        `SELECT id, blob_key, file_name FROM shop_held_photos WHERE owner_id = $1 ORDER BY created_at, id`,
        [ownerId],
      );
      return rows.map((row) => ({ id: row.id, blobKey: row.blob_key, fileName: row.file_name }));
    },
  };
}

export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
