import type { Queryable } from '../platform/database';
import type { ReadBuyer } from './invoices.service';

/**
 * The buyer of an invoice from the customer's account: the name on the account, in the seller's
 * country, without a VAT id, until the account holds company details.
 */
export function accountBuyerReader(db: Queryable): ReadBuyer {
  return async (customerId, sellerCountry) => {
    const { rows } = await db.query<{
      is_b2b: boolean;
      first_name: string;
      last_name: string;
      email: string;
    }>('SELECT is_b2b, first_name, last_name, email FROM customers WHERE id = $1', [customerId]);
    const row = rows[0];
    if (!row) return undefined;
    return {
      isB2B: row.is_b2b,
      companyName: `${row.first_name} ${row.last_name}`.trim() || row.email,
      addressLines: [],
      country: sellerCountry,
      vatId: null,
    };
  };
}
