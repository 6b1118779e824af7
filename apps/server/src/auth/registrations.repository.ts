import type { Queryable } from '../platform/database';
import { column, renamed, rowMapper, type RowOf } from '../platform/rows';

export interface NewRegistration {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  tokenHash: string;
  storefrontId: string;
  locale: string;
  interactionUid: string;
  /** Made for a business: the account is B2B, status New (decision 106). */
  isB2B: boolean;
  ttlSeconds: number;
}

export type RegistrationState = 'pending' | 'confirmed' | 'expired';

export interface RegistrationRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  locale: string;
  interactionUid: string;
  isB2B: boolean;
  state: RegistrationState;
}

const registrationColumns = {
  id: column<string>,
  email: column<string>,
  first_name: column<string>,
  last_name: column<string>,
  password_hash: column<string>,
  locale: column<string>,
  interaction_uid: column<string>,
  is_b2b: renamed('isB2B', column<boolean>),
  state: column<RegistrationState>,
};
type RegistrationRow = RowOf<typeof registrationColumns>;
const toRecord: (row: RegistrationRow) => RegistrationRecord = rowMapper(registrationColumns);

const columns = `id, email, first_name, last_name, password_hash, locale, interaction_uid, is_b2b,
  CASE WHEN confirmed_at IS NOT NULL THEN 'confirmed' WHEN expires_at <= now() THEN 'expired' ELSE 'pending' END AS state`;

/** How long a registration's row outlives its link, so a late click still hears "expired". */
const KEPT_AFTER_EXPIRY = "interval '7 days'";

export function createRegistrationsRepository(db: Queryable) {
  return {
    async insert(registration: NewRegistration): Promise<void> {
      await db.query(
        `INSERT INTO account_registrations
           (id, email, first_name, last_name, password_hash, token_hash, storefront_id, locale, interaction_uid, is_b2b, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $11, now() + make_interval(secs => $10))`,
        [
          registration.id,
          registration.email,
          registration.firstName,
          registration.lastName,
          registration.passwordHash,
          registration.tokenHash,
          registration.storefrontId,
          registration.locale,
          registration.interactionUid,
          registration.ttlSeconds,
          registration.isB2B,
        ],
      );
    },

    async findByTokenHash(tokenHash: string): Promise<RegistrationRecord | undefined> {
      const { rows } = await db.query<RegistrationRow>(
        `SELECT ${columns} FROM account_registrations WHERE token_hash = $1`,
        [tokenHash],
      );
      return rows[0] && toRecord(rows[0]);
    },

    /** Uses the link up: only one confirmation of a pending registration ever succeeds. */
    async confirm(tokenHash: string): Promise<RegistrationRecord | undefined> {
      const { rows } = await db.query<RegistrationRow>(
        `UPDATE account_registrations SET confirmed_at = now()
         WHERE token_hash = $1 AND confirmed_at IS NULL AND expires_at > now()
         RETURNING ${columns}`,
        [tokenHash],
      );
      return rows[0] && toRecord(rows[0]);
    },

    async recordCustomer(id: string, customerId: string): Promise<void> {
      await db.query('UPDATE account_registrations SET customer_id = $2 WHERE id = $1', [id, customerId]);
    },

    /** The password of the newest registration of this address still waiting for its link. */
    async pendingPasswordHash(email: string): Promise<string | undefined> {
      const { rows } = await db.query<{ password_hash: string }>(
        `SELECT password_hash FROM account_registrations
         WHERE lower(email) = lower($1) AND confirmed_at IS NULL AND expires_at > now()
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        [email],
      );
      return rows[0]?.password_hash;
    },

    async deleteExpired(): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        `DELETE FROM account_registrations WHERE expires_at < now() - ${KEPT_AFTER_EXPIRY} RETURNING id`,
      );
      return rows.length;
    },
  };
}

export type RegistrationsRepository = ReturnType<typeof createRegistrationsRepository>;
