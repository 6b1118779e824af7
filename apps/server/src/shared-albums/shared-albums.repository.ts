import type { Queryable } from '../platform/database';
import {
  albumColumns,
  toAlbumRecord,
  utcText,
  type AlbumRecord,
  type AlbumRow,
} from '../photos/albums.repository';
import type { Keyset } from '../photos/photos.repository';

/** The owner of an album, or a person it is shared with (bound to their account). */
export type AlbumRole = 'owner' | 'participant';

export interface SharedWithRecord {
  album: AlbumRecord;
  /** The share's id and when it was made: the keyset of 'Shared with you'. */
  shareId: string;
  invitedAt: string;
}

export interface ShareRecord {
  id: string;
  email: string;
  joined: boolean;
}

export function createSharedAlbumsRepository(db: Queryable) {
  return {
    /** What the customer is to the album; undefined when it is neither theirs nor shared with them. */
    async roleOf(albumId: string, customerId: string): Promise<AlbumRole | undefined> {
      const { rows } = await db.query<{ role: AlbumRole }>(
        `SELECT CASE WHEN albums.owner_id = $2 THEN 'owner' ELSE 'participant' END AS role
         FROM albums
         WHERE albums.id = $1 AND (albums.owner_id = $2 OR EXISTS (
           SELECT 1 FROM album_shares WHERE album_shares.album_id = albums.id AND album_shares.participant_id = $2))`,
        [albumId, customerId],
      );
      return rows[0]?.role;
    },

    async findAlbum(albumId: string): Promise<AlbumRecord | undefined> {
      const { rows } = await db.query<AlbumRow>(
        `SELECT ${albumColumns(true)} FROM albums WHERE albums.id = $1`,
        [albumId],
      );
      return rows[0] && toAlbumRecord(rows[0]);
    },

    /**
     * Binds the invitations waiting for the customer's address to their account. Runs when the
     * customer's account area asks for its shared albums, so an address invited before it had an
     * account sees the album from its first visit on.
     */
    async claimInvitations(customerId: string): Promise<void> {
      await db.query(
        `UPDATE album_shares SET participant_id = customers.id
         FROM customers
         WHERE customers.id = $1 AND customers.deleted_at IS NULL
           AND album_shares.participant_id IS NULL AND album_shares.email = lower(customers.email)
           AND album_shares.album_id NOT IN (SELECT id FROM albums WHERE owner_id = $1)`,
        [customerId],
      );
    },

    /** Albums shared with the customer, the newest share first. */
    async listSharedWith(request: {
      customerId: string;
      after: Keyset | undefined;
      limit: number;
    }): Promise<SharedWithRecord[]> {
      const params: unknown[] = [request.customerId, request.limit];
      let condition = '';
      if (request.after) {
        params.push(request.after.value, request.after.id);
        condition = 'AND (album_shares.invited_at, album_shares.id) < ($3::timestamptz, $4::uuid)';
      }
      const { rows } = await db.query<AlbumRow & { share_id: string; invited_at: string }>(
        `SELECT ${albumColumns(true)}, album_shares.id AS share_id, ${utcText('album_shares.invited_at')} AS invited_at
         FROM album_shares JOIN albums ON albums.id = album_shares.album_id
         WHERE album_shares.participant_id = $1 ${condition}
         ORDER BY album_shares.invited_at DESC, album_shares.id DESC LIMIT $2`,
        params,
      );
      return rows.map((row) => ({
        album: toAlbumRecord(row),
        shareId: row.share_id,
        invitedAt: row.invited_at,
      }));
    },

    async counts(customerId: string): Promise<{ read: number; granted: number }> {
      const { rows } = await db.query<{ read: string | number; granted: string | number }>(
        `SELECT (SELECT count(*) FROM album_shares WHERE participant_id = $1) AS read,
                (SELECT count(DISTINCT album_shares.album_id) FROM album_shares
                   JOIN albums ON albums.id = album_shares.album_id WHERE albums.owner_id = $1) AS granted`,
        [customerId],
      );
      return { read: Number(rows[0]?.read ?? 0), granted: Number(rows[0]?.granted ?? 0) };
    },

    async owner(albumId: string): Promise<{ id: string; email: string } | undefined> {
      const { rows } = await db.query<{ id: string; email: string }>(
        `SELECT customers.id, customers.email FROM albums JOIN customers ON customers.id = albums.owner_id
         WHERE albums.id = $1`,
        [albumId],
      );
      return rows[0];
    },

    async shares(albumId: string): Promise<ShareRecord[]> {
      const { rows } = await db.query<ShareRecord>(
        `SELECT id, email, participant_id IS NOT NULL AS joined FROM album_shares WHERE album_id = $1
         ORDER BY invited_at, id`,
        [albumId],
      );
      return rows;
    },

    /** Shares the album with an address; false when it already was. An account with the address joins at once. */
    async invite(share: { id: string; albumId: string; email: string }): Promise<boolean> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO album_shares (id, album_id, email, participant_id)
         VALUES ($1, $2, lower($3), (
           SELECT id FROM customers WHERE lower(email) = lower($3) AND deleted_at IS NULL LIMIT 1))
         ON CONFLICT (album_id, email) DO NOTHING RETURNING id`,
        [share.id, share.albumId, share.email],
      );
      return rows.length > 0;
    },

    async removeShare(albumId: string, shareId: string): Promise<boolean> {
      const { rows } = await db.query<{ id: string }>(
        'DELETE FROM album_shares WHERE album_id = $1 AND id = $2 RETURNING id',
        [albumId, shareId],
      );
      return rows.length > 0;
    },

    async leave(albumId: string, customerId: string): Promise<void> {
      await db.query('DELETE FROM album_shares WHERE album_id = $1 AND participant_id = $2', [
        albumId,
        customerId,
      ]);
    },

    async unshare(albumId: string): Promise<void> {
      await db.query('DELETE FROM album_shares WHERE album_id = $1', [albumId]);
    },
  };
}

export type SharedAlbumsRepository = ReturnType<typeof createSharedAlbumsRepository>;
