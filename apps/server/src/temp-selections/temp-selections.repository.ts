import type { Queryable } from '../platform/database';

export interface TempSelectionRecord {
  id: string;
  photoIds: string[];
  expiresAt: string;
}

export function createTempSelectionsRepository(db: Queryable) {
  return {
    /** How many of the ids are photos of the owner (ids given once each). */
    async countOwnedPhotos(ownerId: string, photoIds: string[]): Promise<number> {
      const { rows } = await db.query<{ count: string | number }>(
        'SELECT count(*) AS count FROM photos WHERE owner_id = $1 AND id = ANY($2::uuid[])',
        [ownerId, photoIds],
      );
      return Number(rows[0]?.count ?? 0);
    },

    async insert(selection: { id: string; ownerId: string; photoIds: string[]; lifetimeHours: number }) {
      await db.query(
        `INSERT INTO temp_selections (id, owner_id, photo_ids, expires_at)
         VALUES ($1, $2, $3::uuid[], now() + make_interval(hours => $4))`,
        [selection.id, selection.ownerId, selection.photoIds, selection.lifetimeHours],
      );
    },

    /** The owner's selection while it lasts; an expired one is as gone as a deleted one. */
    async findLive(ownerId: string, id: string): Promise<TempSelectionRecord | undefined> {
      const { rows } = await db.query<{ id: string; photo_ids: string[] | string; expires_at: string }>(
        `SELECT id, photo_ids::text[] AS photo_ids,
           to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS expires_at
         FROM temp_selections WHERE owner_id = $1 AND id = $2 AND expires_at > now()`,
        [ownerId, id],
      );
      const row = rows[0];
      if (!row) return undefined;
      return { id: row.id, photoIds: parseTextArray(row.photo_ids), expiresAt: row.expires_at };
    },

    async deleteExpired(): Promise<void> {
      await db.query('DELETE FROM temp_selections WHERE expires_at <= now()');
    },
  };
}

/** node-postgres parses text[]; PGlite may hand over the array literal `{a,b}`. */
function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}

export type TempSelectionsRepository = ReturnType<typeof createTempSelectionsRepository>;
