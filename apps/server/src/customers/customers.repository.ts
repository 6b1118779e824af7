import type { Customer, CustomerStatus, Salutation } from '@photo/contracts/customers';
import { IDP_TYPE } from '@photo/contracts/identities';
import type { Queryable } from '../platform/database';
import { column, isoTimestamp, renamed, rowMapper, type RowOf } from '../platform/rows';

/** The personal details `PUT /customers/me` writes (null clears a field). */
export interface ProfileChanges {
  salutation: Salutation | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  dateOfBirth: string | null;
  companyName: string | null;
  vatId: string | null;
  chamberOfCommerceNumber: string | null;
  status: CustomerStatus;
}

export interface CustomerRecord extends Customer {
  passwordHash: string;
  deleted: boolean;
}

export interface NewCustomer {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  isB2B: boolean;
  status: CustomerStatus;
}

/** A `date` column as `YYYY-MM-DD`, whichever driver read it (pg: local midnight; PGlite: UTC midnight). */
function toIsoDate(value: Date | string | null): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (value.getUTCHours() === 0 && value.getUTCMinutes() === 0) return value.toISOString().slice(0, 10);
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

const customerColumns = {
  id: column<string>,
  email: column<string>,
  first_name: column<string>,
  last_name: column<string>,
  is_b2b: renamed('isB2B', column<boolean>),
  status: column<CustomerStatus>,
  callback_url: column<string | null>,
  callback_format: column<string | null>,
  registered_at: renamed('registrationDate', isoTimestamp),
  salutation: column<Salutation | null>,
  phone: column<string | null>,
  date_of_birth: toIsoDate,
  company_name: column<string | null>,
  vat_id: column<string | null>,
  chamber_of_commerce_number: column<string | null>,
};
type CustomerRow = RowOf<typeof customerColumns> & {
  password_hash: string;
  deleted_at: Date | string | null;
};
const toCustomer = rowMapper(customerColumns);

function toRecord(row: CustomerRow): CustomerRecord {
  return {
    ...toCustomer(row),
    identity: { idpType: IDP_TYPE, idpSub: row.id },
    passwordHash: row.password_hash,
    deleted: row.deleted_at !== null,
  };
}

export function createCustomersRepository(db: Queryable) {
  return {
    async findById(id: string): Promise<CustomerRecord | undefined> {
      const { rows } = await db.query<CustomerRow>('SELECT * FROM customers WHERE id = $1', [id]);
      return rows[0] && toRecord(rows[0]);
    },

    /** Only live accounts: a deleted account's address may be registered again. */
    async findActiveByEmail(email: string): Promise<CustomerRecord | undefined> {
      const { rows } = await db.query<CustomerRow>(
        'SELECT * FROM customers WHERE lower(email) = lower($1) AND deleted_at IS NULL',
        [email],
      );
      return rows[0] && toRecord(rows[0]);
    },

    async updateProfile(id: string, changes: ProfileChanges): Promise<CustomerRecord | undefined> {
      const { rows } = await db.query<CustomerRow>(
        `UPDATE customers SET salutation = $2, first_name = $3, last_name = $4, phone = $5,
           date_of_birth = $6::date, company_name = $7, vat_id = $8, chamber_of_commerce_number = $9,
           status = $10
         WHERE id = $1 AND deleted_at IS NULL RETURNING *`,
        [
          id,
          changes.salutation,
          changes.firstName,
          changes.lastName,
          changes.phone,
          changes.dateOfBirth,
          changes.companyName,
          changes.vatId,
          changes.chamberOfCommerceNumber,
          changes.status,
        ],
      );
      return rows[0] && toRecord(rows[0]);
    },

    /** The sign-in address: the OpenID Provider finds the account by it from now on. */
    async updateEmail(id: string, email: string): Promise<void> {
      await db.query('UPDATE customers SET email = $2 WHERE id = $1 AND deleted_at IS NULL', [id, email]);
    },

    /**
     * A stronger hash of the same password. Only over the hash that was checked: a password changed
     * meanwhile is never overwritten by the old one's upgrade.
     */
    async replacePasswordHash(id: string, checkedHash: string, newHash: string): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE customers SET password_hash = $3
         WHERE id = $1 AND password_hash = $2 AND deleted_at IS NULL RETURNING id`,
        [id, checkedHash, newHash],
      );
      return rows.length > 0;
    },

    /** From now on the account answers 404 and signs in nowhere; the erasure job removes the rest. */
    async markDeleted(id: string): Promise<boolean> {
      const { rows } = await db.query(
        'UPDATE customers SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id',
        [id],
      );
      return rows.length > 0;
    },

    async insert(customer: NewCustomer): Promise<CustomerRecord> {
      const { rows } = await db.query<CustomerRow>(
        `INSERT INTO customers (email, password_hash, first_name, last_name, is_b2b, status)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [
          customer.email,
          customer.passwordHash,
          customer.firstName,
          customer.lastName,
          customer.isB2B,
          customer.status,
        ],
      );
      return toRecord(rows[0]!);
    },
  };
}

export type CustomersRepository = ReturnType<typeof createCustomersRepository>;
