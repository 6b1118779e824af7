import type { Queryable } from '../platform/database';
import { column, rowMapper, type RowOf } from '../platform/rows';

export interface LoginRequestRecord {
  stateHash: string;
  issuer: string;
  browserHash: string;
  /** Encrypted PKCE verifier and nonce. */
  secrets: string;
  returnTo: string;
}

const loginRequestColumns = {
  state_hash: column<string>,
  issuer: column<string>,
  browser_hash: column<string>,
  secrets: column<string>,
  return_to: column<string>,
};
type LoginRequestRow = RowOf<typeof loginRequestColumns>;
const toRecord: (row: LoginRequestRow) => LoginRequestRecord = rowMapper(loginRequestColumns);

export function createLoginRequestsRepository(db: Queryable) {
  return {
    async insert(record: LoginRequestRecord, ttlSeconds: number): Promise<void> {
      await db.query(
        `INSERT INTO login_requests (state_hash, issuer, browser_hash, secrets, return_to, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + $6::integer * interval '1 second')`,
        [record.stateHash, record.issuer, record.browserHash, record.secrets, record.returnTo, ttlSeconds],
      );
    },

    /** Removes and answers the request: a state is good for one callback only. */
    async take(stateHash: string): Promise<LoginRequestRecord | undefined> {
      const { rows } = await db.query<LoginRequestRow & { live: boolean }>(
        `DELETE FROM login_requests WHERE state_hash = $1
         RETURNING state_hash, issuer, browser_hash, secrets, return_to, expires_at > now() AS live`,
        [stateHash],
      );
      const row = rows[0];
      if (!row?.live) return undefined;
      return toRecord(row);
    },

    async deleteExpired(): Promise<number> {
      const { rows } = await db.query<{ state_hash: string }>(
        'DELETE FROM login_requests WHERE expires_at <= now() RETURNING state_hash',
      );
      return rows.length;
    },
  };
}

export type LoginRequestsRepository = ReturnType<typeof createLoginRequestsRepository>;
