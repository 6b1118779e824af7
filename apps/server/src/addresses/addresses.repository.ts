import type { Address, AddressCountry, AddressInput } from '@photo/contracts/addresses';
import type { Queryable } from '../platform/database';
import { column, rowMapper, type RowOf } from '../platform/rows';

const addressColumns = {
  id: column<string>,
  country: column<AddressCountry>,
  first_name: column<string>,
  last_name: column<string>,
  company: column<string>,
  street: column<string>,
  house_number: column<string>,
  address_line2: column<string>,
  postcode: column<string>,
  city: column<string>,
  region: column<string>,
  phone: column<string>,
  is_default_delivery: column<boolean>,
  is_default_billing: column<boolean>,
};
type AddressRow = RowOf<typeof addressColumns>;
const toAddress: (row: AddressRow) => Address = rowMapper(addressColumns);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const values = (address: AddressInput) => [
  address.country,
  address.firstName,
  address.lastName,
  address.company,
  address.street,
  address.houseNumber,
  address.addressLine2,
  address.postcode,
  address.city,
  address.region,
  address.phone,
  address.isDefaultDelivery,
  address.isDefaultBilling,
];

/** Every statement is scoped to the owner: another customer's id finds nothing. */
export function createAddressesRepository(db: Queryable) {
  return {
    /** Holds the customer's other address writes until this transaction ends. */
    async lockOwner(customerId: string): Promise<void> {
      await db.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
    },

    async list(customerId: string): Promise<Address[]> {
      const { rows } = await db.query<AddressRow>(
        'SELECT * FROM customer_addresses WHERE customer_id = $1 ORDER BY created_at, id',
        [customerId],
      );
      return rows.map(toAddress);
    },

    async count(customerId: string): Promise<number> {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM customer_addresses WHERE customer_id = $1',
        [customerId],
      );
      return rows[0]!.n;
    },

    async find(customerId: string, id: string): Promise<Address | undefined> {
      if (!UUID.test(id)) return undefined;
      const { rows } = await db.query<AddressRow>(
        'SELECT * FROM customer_addresses WHERE customer_id = $1 AND id = $2',
        [customerId, id],
      );
      return rows[0] && toAddress(rows[0]);
    },

    /** Takes the default flags the new or changed address claims away from the customer's others. */
    async clearDefaults(customerId: string, delivery: boolean, billing: boolean, exceptId?: string) {
      await db.query(
        `UPDATE customer_addresses
           SET is_default_delivery = is_default_delivery AND NOT $2,
               is_default_billing = is_default_billing AND NOT $3
         WHERE customer_id = $1 AND id IS DISTINCT FROM $4::uuid AND (($2 AND is_default_delivery) OR ($3 AND is_default_billing))`,
        [customerId, delivery, billing, exceptId ?? null],
      );
    },

    async insert(customerId: string, address: AddressInput): Promise<Address> {
      const { rows } = await db.query<AddressRow>(
        `INSERT INTO customer_addresses (customer_id, country, first_name, last_name, company, street,
           house_number, address_line2, postcode, city, region, phone, is_default_delivery, is_default_billing)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
        [customerId, ...values(address)],
      );
      return toAddress(rows[0]!);
    },

    async update(customerId: string, id: string, address: AddressInput): Promise<Address | undefined> {
      if (!UUID.test(id)) return undefined;
      const { rows } = await db.query<AddressRow>(
        `UPDATE customer_addresses SET country = $3, first_name = $4, last_name = $5, company = $6,
           street = $7, house_number = $8, address_line2 = $9, postcode = $10, city = $11, region = $12,
           phone = $13, is_default_delivery = $14, is_default_billing = $15, updated_at = now()
         WHERE customer_id = $1 AND id = $2 RETURNING *`,
        [customerId, id, ...values(address)],
      );
      return rows[0] && toAddress(rows[0]);
    },

    async delete(customerId: string, id: string): Promise<Address | undefined> {
      if (!UUID.test(id)) return undefined;
      const { rows } = await db.query<AddressRow>(
        'DELETE FROM customer_addresses WHERE customer_id = $1 AND id = $2 RETURNING *',
        [customerId, id],
      );
      return rows[0] && toAddress(rows[0]);
    },

    /** A customer with addresses always has a default of each kind: the oldest takes a vacant one. */
    async fillVacantDefaults(customerId: string): Promise<void> {
      await db.query(
        `UPDATE customer_addresses a SET
           is_default_delivery = a.is_default_delivery OR NOT EXISTS (
             SELECT 1 FROM customer_addresses d WHERE d.customer_id = $1 AND d.is_default_delivery),
           is_default_billing = a.is_default_billing OR NOT EXISTS (
             SELECT 1 FROM customer_addresses b WHERE b.customer_id = $1 AND b.is_default_billing)
         WHERE a.id = (SELECT id FROM customer_addresses WHERE customer_id = $1 ORDER BY created_at, id LIMIT 1)`,
        [customerId],
      );
    },
  };
}

export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
