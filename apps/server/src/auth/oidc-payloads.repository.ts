import type { AdapterPayload } from 'oidc-provider';
import type { Queryable } from '../platform/database';

export interface StoredPayload {
  issuer: string;
  model: string;
  id: string;
  payload: AdapterPayload;
  expiresInSeconds: number | undefined;
}

interface PayloadRow {
  payload: AdapterPayload;
  consumed_at: Date | string | null;
}

const live = '(expires_at IS NULL OR expires_at > now())';

function toPayload(row: PayloadRow | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  if (row.consumed_at === null) return row.payload;
  // The provider reads `consumed` to spot a replayed code or refresh token.
  return { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) };
}

/** The provider's records: sessions, interactions, grants, codes and tokens, per issuer. */
export function createOidcPayloadsRepository(db: Queryable) {
  return {
    async upsert({ issuer, model, id, payload, expiresInSeconds }: StoredPayload): Promise<void> {
      await db.query(
        `INSERT INTO oidc_payloads (issuer, model, id, payload, grant_id, uid, user_code, expires_at)
         VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7,
                 CASE WHEN $8::integer IS NULL THEN NULL ELSE now() + $8::integer * interval '1 second' END)
         ON CONFLICT (issuer, model, id) DO UPDATE
         SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
             user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
        [
          issuer,
          model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.uid ?? null,
          payload.userCode ?? null,
          expiresInSeconds ?? null,
        ],
      );
    },

    async find(issuer: string, model: string, id: string): Promise<AdapterPayload | undefined> {
      const { rows } = await db.query<PayloadRow>(
        `SELECT payload, consumed_at FROM oidc_payloads WHERE issuer = $1 AND model = $2 AND id = $3 AND ${live}`,
        [issuer, model, id],
      );
      return toPayload(rows[0]);
    },

    async findBy(
      issuer: string,
      model: string,
      column: 'uid' | 'user_code',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const { rows } = await db.query<PayloadRow>(
        `SELECT payload, consumed_at FROM oidc_payloads
         WHERE issuer = $1 AND model = $2 AND ${column} = $3 AND ${live}`,
        [issuer, model, value],
      );
      return toPayload(rows[0]);
    },

    async consume(issuer: string, model: string, id: string): Promise<void> {
      await db.query(
        'UPDATE oidc_payloads SET consumed_at = now() WHERE issuer = $1 AND model = $2 AND id = $3',
        [issuer, model, id],
      );
    },

    async destroy(issuer: string, model: string, id: string): Promise<void> {
      await db.query('DELETE FROM oidc_payloads WHERE issuer = $1 AND model = $2 AND id = $3', [
        issuer,
        model,
        id,
      ]);
    },

    async revokeByGrantId(issuer: string, grantId: string): Promise<void> {
      await db.query('DELETE FROM oidc_payloads WHERE issuer = $1 AND grant_id = $2', [issuer, grantId]);
    },

    async deleteExpired(): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        'DELETE FROM oidc_payloads WHERE expires_at <= now() RETURNING id',
      );
      return rows.length;
    },
  };
}

export type OidcPayloadsRepository = ReturnType<typeof createOidcPayloadsRepository>;
