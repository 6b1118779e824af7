import type { Queryable } from '../platform/database';

export interface LoginRequestRecord {
  stateHash: string;
  issuer: string;
  browserHash: string;
  /** Encrypted PKCE verifier and nonce. */
  secrets: string;
  returnTo: string;
}

interface LoginRequestRow {
  state_hash: string;
  issuer: string;
  browser_hash: string;
  secrets: string;
  return_to: string;
}

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
      return {
        stateHash: row.state_hash,
        issuer: row.issuer,
        browserHash: row.browser_hash,
        secrets: row.secrets,
        returnTo: row.return_to,
      };
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
