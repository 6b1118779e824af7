import type { Queryable } from '../platform/database';
import { column, columnList, dateTimestamp, rowMapper, type RowOf } from '../platform/rows';

export interface SessionRecord {
  idHash: string;
  issuer: string;
  customerId: string;
  /** Encrypted access, refresh and ID tokens. */
  tokens: string;
  accessExpiresAt: Date;
}

const sessionColumns = {
  id_hash: column<string>,
  issuer: column<string>,
  customer_id: column<string>,
  tokens: column<string>,
  access_expires_at: dateTimestamp,
};
type SessionRow = RowOf<typeof sessionColumns>;
const columns = columnList(sessionColumns);
const toRecord: (row: SessionRow) => SessionRecord = rowMapper(sessionColumns);

export function createSessionsRepository(db: Queryable) {
  return {
    async insert(record: SessionRecord, ttlSeconds: number): Promise<void> {
      await db.query(
        `INSERT INTO sessions (id_hash, issuer, customer_id, tokens, access_expires_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + $6::integer * interval '1 second')`,
        [record.idHash, record.issuer, record.customerId, record.tokens, record.accessExpiresAt, ttlSeconds],
      );
    },

    async find(idHash: string): Promise<SessionRecord | undefined> {
      const { rows } = await db.query<SessionRow>(
        `SELECT ${columns} FROM sessions WHERE id_hash = $1 AND expires_at > now()`,
        [idHash],
      );
      return rows[0] && toRecord(rows[0]);
    },

    async take(idHash: string): Promise<SessionRecord | undefined> {
      const { rows } = await db.query<SessionRow>(
        `DELETE FROM sessions WHERE id_hash = $1 RETURNING ${columns}`,
        [idHash],
      );
      return rows[0] && toRecord(rows[0]);
    },

    /**
     * Takes the right to refresh this session's tokens for a while: one caller (on any replica)
     * refreshes, the others use its answer instead of asking the provider again.
     */
    async claimRefresh(idHash: string, leaseSeconds: number): Promise<boolean> {
      const { rows } = await db.query<{ id_hash: string }>(
        `UPDATE sessions SET refresh_lease_until = now() + $2::integer * interval '1 second'
         WHERE id_hash = $1 AND (refresh_lease_until IS NULL OR refresh_lease_until < now())
         RETURNING id_hash`,
        [idHash, leaseSeconds],
      );
      return rows.length === 1;
    },

    async saveRefreshed(idHash: string, tokens: string, accessExpiresAt: Date): Promise<void> {
      await db.query(
        `UPDATE sessions SET tokens = $2, access_expires_at = $3, refresh_lease_until = NULL
         WHERE id_hash = $1`,
        [idHash, tokens, accessExpiresAt],
      );
    },

    async delete(idHash: string): Promise<void> {
      await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
    },

    async deleteExpired(): Promise<number> {
      const { rows } = await db.query<{ id_hash: string }>(
        'DELETE FROM sessions WHERE expires_at <= now() RETURNING id_hash',
      );
      return rows.length;
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
