import type { Queryable } from '../platform/database';

interface UploadSessionRow {
  id: string;
  size: string | null;
  received: string;
  metadata: Record<string, string | null>;
  parts: string[];
  created_at: Date | string;
}

/** The state of tus uploads in progress that every replica shares (decision 111). */
export function createUploadSessionsRepository(db: Queryable) {
  return {
    async insert(id: string, size: number | null, metadata: Record<string, string | null>): Promise<void> {
      await db.query(`INSERT INTO upload_sessions (id, size, metadata) VALUES ($1, $2, $3)`, [
        id,
        size,
        JSON.stringify(metadata),
      ]);
    },

    async find(id: string): Promise<UploadSessionRow | undefined> {
      const { rows } = await db.query<UploadSessionRow>(
        `SELECT id, size, received, metadata, parts, created_at FROM upload_sessions WHERE id = $1`,
        [id],
      );
      return rows[0];
    },

    async declareSize(id: string, size: number): Promise<void> {
      await db.query(`UPDATE upload_sessions SET size = $2, updated_at = now() WHERE id = $1`, [id, size]);
    },

    /** Adds a stored piece only while the upload still expects bytes at `offset`; false otherwise. */
    async appendPiece(id: string, offset: number, size: number, key: string): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE upload_sessions SET received = received + $3, parts = array_append(parts, $4), updated_at = now()
         WHERE id = $1 AND received = $2 RETURNING id`,
        [id, offset, size, key],
      );
      return rows.length > 0;
    },

    /** False when there was no such upload. */
    async delete(id: string): Promise<boolean> {
      const { rows } = await db.query(`DELETE FROM upload_sessions WHERE id = $1 RETURNING id`, [id]);
      return rows.length > 0;
    },

    /** Removes the uploads nobody added to for `idleSeconds`; answers their ids. */
    async deleteIdle(idleSeconds: number): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `DELETE FROM upload_sessions WHERE updated_at < now() - make_interval(secs => $1) RETURNING id`,
        [idleSeconds],
      );
      return rows.map((row) => row.id);
    },
  };
}

export type UploadSessionsRepository = ReturnType<typeof createUploadSessionsRepository>;
