import type { DeliveryAddress } from '@photo/contracts/orders';
import type { Queryable } from '../platform/database';
import { column, json, numeric, rowMapper, type RowOf } from '../platform/rows';

export interface PrintsCheckout {
  id: string;
  customerId: string;
  storefrontId: string;
  locale: string;
  tempSelectionId: string;
  photoIds: string[];
  articleCode: string;
  articleName: string;
  sizeCode: string;
  /** The catalogue's product code of the article in this size: what the order line carries. */
  productCode: string;
  paperCode: string | null;
  finishCode: string | null;
  quantity: number;
  currency: string;
  unitPriceMinor: number;
  deliveryType: 'Home' | 'PickupPoint';
  deliveryPriceMinor: number;
  deliveryAddress: DeliveryAddress;
  superOrderCode: string | null;
  createdAt: string;
}

/** node-postgres parses uuid[]; PGlite may hand over the array literal `{a,b}`. */
const parseArray = (value: string[] | string) =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

const checkoutColumns = {
  id: column<string>,
  customer_id: column<string>,
  storefront_id: column<string>,
  locale: column<string>,
  temp_selection_id: column<string>,
  photo_ids: parseArray,
  article_code: column<string>,
  article_name: column<string>,
  size_code: column<string>,
  product_code: column<string>,
  paper_code: column<string | null>,
  finish_code: column<string | null>,
  quantity: numeric,
  currency: column<string>,
  unit_price_minor: numeric,
  delivery_type: column<'Home' | 'PickupPoint'>,
  delivery_price_minor: numeric,
  delivery_address: json<DeliveryAddress>,
  super_order_code: column<string | null>,
  created_at: column<string>,
};
type CheckoutRow = RowOf<typeof checkoutColumns>;
const toCheckout: (row: CheckoutRow) => PrintsCheckout = rowMapper(checkoutColumns);

export function createPrintsCheckoutsRepository(db: Queryable) {
  return {
    async insert(checkout: Omit<PrintsCheckout, 'superOrderCode' | 'createdAt'>): Promise<void> {
      await db.query(
        `INSERT INTO prints_checkouts (id, customer_id, storefront_id, locale, temp_selection_id, photo_ids,
           article_code, article_name, size_code, paper_code, finish_code, quantity, currency, unit_price_minor,
           delivery_type, delivery_price_minor, delivery_address, product_code)
         VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::jsonb, $18)`,
        [
          checkout.id,
          checkout.customerId,
          checkout.storefrontId,
          checkout.locale,
          checkout.tempSelectionId,
          checkout.photoIds,
          checkout.articleCode,
          checkout.articleName,
          checkout.sizeCode,
          checkout.paperCode,
          checkout.finishCode,
          checkout.quantity,
          checkout.currency,
          checkout.unitPriceMinor,
          checkout.deliveryType,
          checkout.deliveryPriceMinor,
          JSON.stringify(checkout.deliveryAddress),
          checkout.productCode,
        ],
      );
    },

    /** The customer's checkout only: another customer's id finds nothing. */
    async findOwned(customerId: string, id: string): Promise<PrintsCheckout | undefined> {
      const { rows } = await db.query<CheckoutRow>(
        `SELECT id, customer_id, storefront_id, locale, temp_selection_id::text, photo_ids::text[] AS photo_ids,
           article_code, article_name, size_code, product_code, paper_code, finish_code, quantity, currency,
           unit_price_minor, delivery_type, delivery_price_minor, delivery_address, super_order_code,
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
         FROM prints_checkouts WHERE id = $1 AND customer_id = $2`,
        [id, customerId],
      );
      return rows[0] && toCheckout(rows[0]);
    },

    /**
     * Deletes checkouts made before `createdBefore` that never became an order and whose payment (of
     * `paymentPurpose`) was not paid, answering how many went. A paid one waits to be placed.
     */
    async deleteAbandoned(createdBefore: Date, paymentPurpose: string): Promise<number> {
      const { rows } = await db.query(
        `DELETE FROM prints_checkouts c
         WHERE c.super_order_code IS NULL AND c.created_at < $1
           AND NOT EXISTS (SELECT 1 FROM payments p
                           WHERE p.purpose = $2 AND p.reference = c.id::text AND p.status = 'paid')
         RETURNING c.id`,
        [createdBefore.toISOString(), paymentPurpose],
      );
      return rows.length;
    },

    async markPlaced(id: string, superOrderCode: string): Promise<void> {
      await db.query(
        'UPDATE prints_checkouts SET super_order_code = $2, placed_at = now() WHERE id = $1 AND super_order_code IS NULL',
        [id, superOrderCode],
      );
    },
  };
}

export type PrintsCheckoutsRepository = ReturnType<typeof createPrintsCheckoutsRepository>;
