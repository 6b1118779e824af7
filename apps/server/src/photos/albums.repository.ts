import type { SortKey, SortOrder, TimelineEntry } from '@photo/contracts/photos';
import type { Queryable } from '../platform/database';
import {
  albumScope,
  listAllIn,
  listMonthIn,
  photoColumns,
  toRecord,
  type Keyset,
  type PhotoRecord,
  type PhotoRow,
  type ScopedPageRequest,
} from './photos.repository';

export interface AlbumRecord {
  id: string;
  ownerId: string;
  name: string;
  /** The cover the customer picked, if any. */
  pickedCoverId: string | null;
  /** What shows as the cover: the picked photo, else the album's newest photo; null when empty. */
  cover: PhotoRecord | null;
  photosCount: number;
  /** ISO timestamps in UTC, to the microsecond (the keyset of the album list). */
  createdAt: string;
  updatedAt: string;
  /** Whether anyone was invited to the album (read only when asked for). */
  isShared: boolean;
}

export interface AlbumRow {
  id: string;
  owner_id: string;
  name: string;
  cover_photo_id: string | null;
  photos_count: number;
  created_at: string;
  updated_at: string;
  is_shared: boolean | null;
  cover: PhotoRow | string | null;
}

/** A timestamp as ISO text in UTC to the microsecond: no driver applies a time zone, and it keysets exactly. */
export const utcText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * An album with its cover. Without a picked cover, the newest photo (by upload, the album's default
 * order) is one backward step on `album_photos_uploaded`: no count, no sort, however large the album.
 */
export function albumColumns(withShared: boolean): string {
  return `albums.id, albums.owner_id, albums.name, albums.cover_photo_id, albums.photos_count,
    ${utcText('albums.created_at')} AS created_at, ${utcText('albums.updated_at')} AS updated_at,
    ${withShared ? 'EXISTS (SELECT 1 FROM album_shares WHERE album_shares.album_id = albums.id)' : 'NULL'} AS is_shared,
    (SELECT to_jsonb(cover) FROM (
       SELECT ${photoColumns} FROM photos
       WHERE photos.id = coalesce(albums.cover_photo_id, (
         SELECT newest.photo_id FROM album_photos AS newest WHERE newest.album_id = albums.id
         ORDER BY newest.uploaded_at DESC, newest.photo_id DESC LIMIT 1))
     ) AS cover) AS cover`;
}

export function toAlbumRecord(row: AlbumRow): AlbumRecord {
  const cover = typeof row.cover === 'string' ? (JSON.parse(row.cover) as PhotoRow) : row.cover;
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    pickedCoverId: row.cover_photo_id,
    cover: cover ? toRecord(cover) : null,
    photosCount: row.photos_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isShared: row.is_shared === true,
  };
}

export function createAlbumsRepository(db: Queryable) {
  const findOne = async (where: string, params: unknown[], withShared = true) => {
    const { rows } = await db.query<AlbumRow>(
      `SELECT ${albumColumns(withShared)} FROM albums WHERE ${where}`,
      params,
    );
    return rows[0] && toAlbumRecord(rows[0]);
  };

  return {
    async insert(album: { id: string; ownerId: string; name: string }): Promise<AlbumRecord> {
      await db.query(`INSERT INTO albums (id, owner_id, name) VALUES ($1, $2, $3)`, [
        album.id,
        album.ownerId,
        album.name,
      ]);
      return (await findOne('albums.id = $1', [album.id]))!;
    },

    async isOwned(ownerId: string, albumId: string): Promise<boolean> {
      const { rows } = await db.query('SELECT 1 FROM albums WHERE id = $2 AND owner_id = $1', [
        ownerId,
        albumId,
      ]);
      return rows.length > 0;
    },

    findOwned: (ownerId: string, albumId: string) =>
      findOne('albums.owner_id = $1 AND albums.id = $2', [ownerId, albumId]),

    /** Newest album first, keyset-paged on (created_at, id). */
    async list(request: {
      ownerId: string;
      after: Keyset | undefined;
      limit: number;
      withShared: boolean;
    }): Promise<AlbumRecord[]> {
      const params: unknown[] = [request.ownerId, request.limit];
      let condition = '';
      if (request.after) {
        params.push(request.after.value, request.after.id);
        condition = 'AND (albums.created_at, albums.id) < ($3::timestamptz, $4::uuid)';
      }
      const { rows } = await db.query<AlbumRow>(
        `SELECT ${albumColumns(request.withShared)} FROM albums WHERE albums.owner_id = $1 ${condition}
         ORDER BY albums.created_at DESC, albums.id DESC LIMIT $2`,
        params,
      );
      return rows.map(toAlbumRecord);
    },

    async rename(ownerId: string, albumId: string, name: string): Promise<boolean> {
      const { rows } = await db.query<{ id: string }>(
        `UPDATE albums SET name = $3, updated_at = now() WHERE owner_id = $1 AND id = $2 RETURNING id`,
        [ownerId, albumId, name],
      );
      return rows.length > 0;
    },

    /** Picks a cover among the album's photos (null: the newest again); false when the photo is not in it. */
    async setCover(ownerId: string, albumId: string, photoId: string | null): Promise<boolean> {
      const { rows } = await db.query<{ id: string }>(
        `UPDATE albums SET cover_photo_id = $3::uuid, updated_at = now()
         WHERE owner_id = $1 AND id = $2
           AND ($3::uuid IS NULL OR EXISTS (
             SELECT 1 FROM album_photos WHERE album_id = $2 AND photo_id = $3::uuid))
         RETURNING id`,
        [ownerId, albumId, photoId],
      );
      return rows.length > 0;
    },

    /** Every album of the owner (a library whose storage period ran out, decision 087). */
    async deleteAllOwnedBy(ownerId: string): Promise<number> {
      const { rows } = await db.query<{ id: string }>('DELETE FROM albums WHERE owner_id = $1 RETURNING id', [
        ownerId,
      ]);
      return rows.length;
    },

    async delete(ownerId: string, albumId: string): Promise<boolean> {
      const { rows } = await db.query<{ id: string }>(
        'DELETE FROM albums WHERE owner_id = $1 AND id = $2 RETURNING id',
        [ownerId, albumId],
      );
      return rows.length > 0;
    },

    /**
     * Adds those of the ids that are photos of the owner (a photo already in the album stays once);
     * resolves to the ids that are the owner's photos, added now or before.
     */
    async addPhotos(ownerId: string, albumId: string, photoIds: string[]): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `WITH mine AS (
           SELECT id, taken_local, uploaded_at FROM photos
           WHERE owner_id = $1 AND id = ANY($3::uuid[])
             AND EXISTS (SELECT 1 FROM albums WHERE albums.id = $2 AND albums.owner_id = $1)
         ), added AS (
           INSERT INTO album_photos (album_id, photo_id, taken_local, uploaded_at)
           SELECT $2, id, taken_local, uploaded_at FROM mine
           ON CONFLICT (album_id, photo_id) DO NOTHING
         )
         SELECT id FROM mine`,
        [ownerId, albumId, photoIds],
      );
      return rows.map((row) => row.id);
    },

    async removePhotos(albumId: string, photoIds: string[]): Promise<void> {
      await db.query('DELETE FROM album_photos WHERE album_id = $1 AND photo_id = ANY($2::uuid[])', [
        albumId,
        photoIds,
      ]);
    },

    /** The month index under one sort key, in the album's order; 'Unknown Date' last either way. */
    async timeline(albumId: string, sortKey: SortKey, sortOrder: SortOrder): Promise<TimelineEntry[]> {
      const direction = sortOrder === 'asc' ? 'ASC' : 'DESC';
      const { rows } = await db.query<TimelineEntry>(
        `SELECT year, month, count FROM album_month_counts WHERE album_id = $1 AND sort_key = $2
         ORDER BY (year = 0), year ${direction}, month ${direction}`,
        [albumId, sortKey],
      );
      return rows;
    },

    listMonth: (request: ScopedPageRequest & { year: number; month: number }) =>
      listMonthIn(db, albumScope, request),

    listAll: (request: ScopedPageRequest) => listAllIn(db, albumScope, request),

    /** The photos among `photoIds` that are in the album now (any order). */
    async findPhotos(albumId: string, photoIds: string[]): Promise<PhotoRecord[]> {
      if (photoIds.length === 0) return [];
      const { rows } = await db.query<PhotoRow>(
        `SELECT ${photoColumns} FROM ${albumScope.from} WHERE album_photos.album_id = $1 AND album_photos.photo_id = ANY($2::uuid[])`,
        [albumId, photoIds],
      );
      return rows.map(toRecord);
    },

    async findPhoto(albumId: string, photoId: string): Promise<PhotoRecord | undefined> {
      const { rows } = await db.query<PhotoRow>(
        `SELECT ${photoColumns} FROM ${albumScope.from} WHERE album_photos.album_id = $1 AND album_photos.photo_id = $2`,
        [albumId, photoId],
      );
      return rows[0] && toRecord(rows[0]);
    },
  };
}

export type AlbumsRepository = ReturnType<typeof createAlbumsRepository>;
