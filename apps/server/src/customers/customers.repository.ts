import type { Customer, CustomerStatus } from '@photo/contracts/customers';
import type { Queryable } from '../platform/database';

interface CustomerRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  is_b2b: boolean;
  status: CustomerStatus;
  callback_url: string | null;
  callback_format: string | null;
  registered_at: Date | string;
  deleted_at: Date | string | null;
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

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toRecord(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isB2B: row.is_b2b,
    status: row.status,
    callbackUrl: row.callback_url,
    callbackFormat: row.callback_format,
    registrationDate: toIso(row.registered_at),
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
