import type { Queryable } from '../platform/database';
import { column, json, nullable, numeric, rowMapper, type RowOf } from '../platform/rows';

export type ArchiveSourceKind = 'library' | 'shared-album' | 'my-data';

/** One photo as it was asked for: its owner (another customer's in a shared album) and its name then. */
export interface RequestedPhoto {
  photoId: string;
  ownerId: string;
  fileName: string;
}

export interface DownloadRecord {
  ownerId: string;
  id: string;
  source: ArchiveSourceKind;
  albumId: string | null;
  name: string | null;
  photos: RequestedPhoto[];
  locale: string;
  /** 'expired' once past `expiresAt`, whatever it was before, until the clean-up removes it. */
  state: 'preparing' | 'ready' | 'failed' | 'expired';
  byteSize: number | null;
  blobKey: string | null;
  createdAt: string;
  expiresAt: string;
}

export type NewDownload = Pick<
  DownloadRecord,
  'ownerId' | 'id' | 'source' | 'albumId' | 'name' | 'photos' | 'locale'
>;

const downloadColumns = {
  owner_id: column<string>,
  id: column<string>,
  source: column<ArchiveSourceKind>,
  album_id: column<string | null>,
  name: column<string | null>,
  photos: json<RequestedPhoto[]>,
  locale: column<string>,
  state: column<DownloadRecord['state']>,
  byte_size: nullable(numeric),
  blob_key: column<string | null>,
  created_at: column<string>,
  expires_at: column<string>,
};
type DownloadRow = RowOf<typeof downloadColumns>;
const toRecord: (row: DownloadRow) => DownloadRecord = rowMapper(downloadColumns);

const utc = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;

const columns = `owner_id, id, source, album_id, name, photos, locale,
  CASE WHEN expires_at <= now() THEN 'expired' ELSE state END AS state,
  byte_size, blob_key, ${utc('created_at')}, ${utc('expires_at')}`;

/** How many of a customer's downloads the list shows: the newest, within their seven days. */
const LIST_LIMIT = 100;

export function createDownloadsRepository(db: Queryable) {
  return {
    /** Inserts unless the customer already has a download with this id; true when it was inserted. */
    async insert(download: NewDownload, lifetimeDays: number): Promise<boolean> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO downloads (owner_id, id, source, album_id, name, photos, photo_count, locale, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(days => $9))
         ON CONFLICT (owner_id, id) DO NOTHING RETURNING id`,
        [
          download.ownerId,
          download.id,
          download.source,
          download.albumId,
          download.name,
          JSON.stringify(download.photos),
          download.photos.length,
          download.locale,
          lifetimeDays,
        ],
      );
      return rows.length > 0;
    },

    async find(ownerId: string, id: string): Promise<DownloadRecord | undefined> {
      const { rows } = await db.query<DownloadRow>(
        `SELECT ${columns} FROM downloads WHERE owner_id = $1 AND id = $2`,
        [ownerId, id],
      );
      return rows[0] && toRecord(rows[0]);
    },

    async listOwned(ownerId: string): Promise<DownloadRecord[]> {
      const { rows } = await db.query<DownloadRow>(
        `SELECT ${columns} FROM downloads WHERE owner_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
        [ownerId, LIST_LIMIT],
      );
      return rows.map(toRecord);
    },

    async countPreparing(ownerId: string): Promise<number> {
      const { rows } = await db.query<{ count: string | number }>(
        `SELECT count(*) AS count FROM downloads WHERE owner_id = $1 AND state = 'preparing' AND expires_at > now()`,
        [ownerId],
      );
      return Number(rows[0]?.count ?? 0);
    },

    /**
     * Marks a download ready with its file; the lifetime counts from now. False when the row is gone
     * (expired or removed meanwhile) or was already finished by another attempt.
     */
    async markReady(
      ownerId: string,
      id: string,
      file: { blobKey: string; byteSize: number },
      lifetimeDays: number,
    ): Promise<boolean> {
      const { rows } = await db.query<{ id: string }>(
        `UPDATE downloads SET state = 'ready', blob_key = $3, byte_size = $4, ready_at = now(),
           expires_at = now() + make_interval(days => $5)
         WHERE owner_id = $1 AND id = $2 AND state = 'preparing' RETURNING id`,
        [ownerId, id, file.blobKey, file.byteSize, lifetimeDays],
      );
      return rows.length > 0;
    },

    async markFailed(ownerId: string, id: string): Promise<void> {
      await db.query(
        `UPDATE downloads SET state = 'failed' WHERE owner_id = $1 AND id = $2 AND state = 'preparing'`,
        [ownerId, id],
      );
    },

    /** Removes every download of the owner (decision 087); resolves to what was removed (for their files). */
    async deleteAllOwnedBy(ownerId: string): Promise<Array<{ ownerId: string; id: string }>> {
      const { rows } = await db.query<{ owner_id: string; id: string }>(
        'DELETE FROM downloads WHERE owner_id = $1 RETURNING owner_id, id',
        [ownerId],
      );
      return rows.map((row) => ({ ownerId: row.owner_id, id: row.id }));
    },

    /** Removes up to `limit` expired downloads; resolves to what was removed (for their files). */
    async deleteExpired(limit: number): Promise<Array<{ ownerId: string; id: string }>> {
      const { rows } = await db.query<{ owner_id: string; id: string }>(
        `DELETE FROM downloads WHERE (owner_id, id) IN (
           SELECT owner_id, id FROM downloads WHERE expires_at <= now() ORDER BY expires_at LIMIT $1)
         RETURNING owner_id, id`,
        [limit],
      );
      return rows.map((row) => ({ ownerId: row.owner_id, id: row.id }));
    },
  };
}

export type DownloadsRepository = ReturnType<typeof createDownloadsRepository>;
