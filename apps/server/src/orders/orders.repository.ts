import type {
  DeliveryAddress,
  DeliveryType,
  InternalOrderState,
  PaymentStatus,
} from '@photo/contracts/orders';
import type { PaymentMethodId } from '@photo/contracts/payment-methods';
import type { Queryable } from '../platform/database';
import { column, dateTimestamp, json, nullable, numeric, rowMapper, type RowOf } from '../platform/rows';

export interface SuperOrderRecord {
  code: string;
  customerId: string;
  storefrontId: string;
  source: 'Web' | 'App';
  currency: string;
  deliveryType: DeliveryType;
  deliveryAddress: DeliveryAddress;
  /** Minor units of the currency. */
  deliveryPrice: number;
  createdAt: Date;
  changedAt: Date;
  reorderOf: string | null;
}

export interface OrderRecord {
  id: string;
  superOrderCode: string;
  customerId: string;
  position: number;
  state: InternalOrderState;
  stateChangedAt: Date;
  paymentStatus: PaymentStatus;
  paymentChangedAt: Date | null;
  /** How it was paid, when the shop said. */
  paymentMethod: PaymentMethodId | null;
  deliveryEarliest: string | null;
  deliveryLatest: string | null;
  deliveryDatesChangedAt: Date | null;
  /** The parcel of a dispatched order, when the shop said. */
  trackingCarrier: string | null;
  trackingNumber: string | null;
  /** The super order's creation time: the in-progress rule counts from it. */
  createdAt: Date;
}

export interface ProductRecord {
  orderId: string;
  lineId: string;
  position: number;
  productCode: string;
  articleName: string;
  articleGroup: string;
  quantity: number;
  unitPrice: number;
  imageUrl: string | null;
  voucher: string | null;
  processingStatus: string | null;
}

export interface StateChangeRecord {
  orderId: string;
  state: InternalOrderState;
  occurredAt: Date;
  /** Part of the order's story; false: reported, but not taken (e.g. a step after a cancellation). */
  applied: boolean;
}

export interface VoucherOfferRecord {
  code: string;
  campaignName: string;
  title: string;
  description: string;
  discountPercent: number | null;
  discountAmount: number | null;
  currency: string | null;
  validUntil: string | null;
}

export interface CampaignRecord {
  name: string;
  title: string;
  cutoffs: Array<{ articleGroup: string; orderBy: string }>;
}

const superOrderColumns = {
  code: column<string>,
  customer_id: column<string>,
  storefront_id: column<string>,
  source: column<SuperOrderRecord['source']>,
  currency: column<string>,
  delivery_type: column<DeliveryType>,
  delivery_address: json<DeliveryAddress>,
  delivery_price: numeric,
  created_at: dateTimestamp,
  changed_at: dateTimestamp,
  reorder_of: column<string | null>,
};
type SuperOrderRow = RowOf<typeof superOrderColumns>;
const toSuperOrder: (row: SuperOrderRow) => SuperOrderRecord = rowMapper(superOrderColumns);

const orderColumns = {
  id: column<string>,
  super_order_code: column<string>,
  customer_id: column<string>,
  position: column<number>,
  state: column<InternalOrderState>,
  state_changed_at: dateTimestamp,
  payment_status: column<PaymentStatus>,
  payment_changed_at: nullable(dateTimestamp),
  payment_method: column<PaymentMethodId | null>,
  delivery_earliest: column<string | null>,
  delivery_latest: column<string | null>,
  delivery_dates_changed_at: nullable(dateTimestamp),
  tracking_carrier: column<string | null>,
  tracking_number: column<string | null>,
  created_at: dateTimestamp,
};
type OrderRow = RowOf<typeof orderColumns>;
const toOrder: (row: OrderRow) => OrderRecord = rowMapper(orderColumns);

const selectedOrderColumns = `o.id, o.super_order_code, o.customer_id, o.position, o.state, o.state_changed_at,
  o.payment_status, o.payment_changed_at, o.payment_method,
  to_char(o.delivery_earliest, 'YYYY-MM-DD') AS delivery_earliest,
  to_char(o.delivery_latest, 'YYYY-MM-DD') AS delivery_latest,
  o.delivery_dates_changed_at, o.tracking_carrier, o.tracking_number, s.created_at`;

const productColumns = {
  order_id: column<string>,
  line_id: column<string>,
  position: column<number>,
  product_code: column<string>,
  article_name: column<string>,
  article_group: column<string>,
  quantity: column<number>,
  unit_price: column<number>,
  image_url: column<string | null>,
  voucher: column<string | null>,
  processing_status: column<string | null>,
};
type ProductRow = RowOf<typeof productColumns>;
const toProduct: (row: ProductRow) => ProductRecord = rowMapper(productColumns);

const stateChangeColumns = {
  order_id: column<string>,
  state: column<InternalOrderState>,
  occurred_at: dateTimestamp,
  applied: column<boolean>,
};
type StateChangeRow = RowOf<typeof stateChangeColumns>;
const toStateChange: (row: StateChangeRow) => StateChangeRecord = rowMapper(stateChangeColumns);

const voucherOfferColumns = {
  code: column<string>,
  campaign_name: column<string>,
  title: column<string>,
  description: column<string>,
  discount_percent: column<number | null>,
  discount_amount: column<number | null>,
  currency: column<string | null>,
  valid_until: column<string | null>,
};
type VoucherOfferRow = RowOf<typeof voucherOfferColumns>;
const toVoucherOffer: (row: VoucherOfferRow) => VoucherOfferRecord = rowMapper(voucherOfferColumns);

/**
 * docs/product/calls.md 'notExpired' (decision 081): a super order is expired when, 30 days after it was taken, none
 * of its orders ever got past Received with a payment: an abandoned checkout.
 */
const notExpiredCondition = `(s.created_at >= $4 OR EXISTS (
  SELECT 1 FROM orders e WHERE e.super_order_code = s.code
    AND (e.state <> 'Received' OR e.payment_status IN ('paymentSuccess', 'paymentFree'))))`;

export interface NewSuperOrder extends Omit<SuperOrderRecord, 'createdAt' | 'changedAt'> {
  createdAt: string;
  changedAt: string;
}

export interface NewOrder {
  id: string;
  position: number;
  state: InternalOrderState;
  stateChangedAt: string;
  paymentStatus: PaymentStatus;
  paymentChangedAt: string | null;
  paymentMethod: PaymentMethodId | null;
}

export type NewProduct = Omit<ProductRecord, 'orderId'>;

export function createOrdersRepository(db: Queryable) {
  return {
    // ---- customer reads, every one filtered on the customer ----

    async countSuperOrders(customerId: string, notExpiredSince: Date | null): Promise<number> {
      const { rows } = await db.query<{ count: string | number }>(
        `SELECT count(*) AS count FROM super_orders s
         WHERE s.customer_id = $1 ${notExpiredSince ? `AND ${notExpiredCondition.replaceAll('$4', '$2')}` : ''}`,
        notExpiredSince ? [customerId, notExpiredSince.toISOString()] : [customerId],
      );
      return Number(rows[0]!.count);
    },

    /** Newest first; ties by code so pages never overlap. */
    async listSuperOrders(
      customerId: string,
      page: { offset: number; limit: number },
      notExpiredSince: Date | null,
    ): Promise<SuperOrderRecord[]> {
      const { rows } = await db.query<SuperOrderRow>(
        `SELECT s.* FROM super_orders s
         WHERE s.customer_id = $1 ${notExpiredSince ? `AND ${notExpiredCondition}` : ''}
         ORDER BY s.created_at DESC, s.code DESC
         OFFSET $2 LIMIT $3`,
        notExpiredSince
          ? [customerId, page.offset, page.limit, notExpiredSince.toISOString()]
          : [customerId, page.offset, page.limit],
      );
      return rows.map(toSuperOrder);
    },

    async findSuperOrder(customerId: string, code: string): Promise<SuperOrderRecord | undefined> {
      const { rows } = await db.query<SuperOrderRow>(
        'SELECT * FROM super_orders WHERE code = $1 AND customer_id = $2',
        [code, customerId],
      );
      return rows[0] && toSuperOrder(rows[0]);
    },

    async ordersOf(customerId: string, superOrderCodes: string[]): Promise<OrderRecord[]> {
      if (superOrderCodes.length === 0) return [];
      const { rows } = await db.query<OrderRow>(
        `SELECT ${selectedOrderColumns} FROM orders o JOIN super_orders s ON s.code = o.super_order_code
         WHERE o.customer_id = $1 AND o.super_order_code = ANY($2::text[])
         ORDER BY o.super_order_code, o.position`,
        [customerId, superOrderCodes],
      );
      return rows.map(toOrder);
    },

    async findOrder(customerId: string, orderId: string): Promise<OrderRecord | undefined> {
      const { rows } = await db.query<OrderRow>(
        `SELECT ${selectedOrderColumns} FROM orders o JOIN super_orders s ON s.code = o.super_order_code
         WHERE o.id = $1 AND o.customer_id = $2`,
        [orderId, customerId],
      );
      return rows[0] && toOrder(rows[0]);
    },

    /** Inner orders of a customer, newest first, optionally only those with a product of these articles. */
    async listOrders(
      customerId: string,
      articleNames: string[],
      page: { offset: number; limit: number },
    ): Promise<{ orders: OrderRecord[]; count: number }> {
      const filter =
        articleNames.length > 0
          ? `AND EXISTS (SELECT 1 FROM order_products p WHERE p.order_id = o.id AND p.article_name = ANY($2::text[]))`
          : '';
      const params = articleNames.length > 0 ? [customerId, articleNames] : [customerId];
      const at = params.length;
      const { rows } = await db.query<OrderRow>(
        `SELECT ${selectedOrderColumns} FROM orders o JOIN super_orders s ON s.code = o.super_order_code
         WHERE o.customer_id = $1 ${filter}
         ORDER BY s.created_at DESC, o.id DESC OFFSET $${at + 1} LIMIT $${at + 2}`,
        [...params, page.offset, page.limit],
      );
      const counted = await db.query<{ count: string | number }>(
        `SELECT count(*) AS count FROM orders o WHERE o.customer_id = $1 ${filter}`,
        params,
      );
      return { orders: rows.map(toOrder), count: Number(counted.rows[0]!.count) };
    },

    async productsOf(orderIds: string[]): Promise<ProductRecord[]> {
      if (orderIds.length === 0) return [];
      const { rows } = await db.query<ProductRow>(
        'SELECT * FROM order_products WHERE order_id = ANY($1::text[]) ORDER BY order_id, position',
        [orderIds],
      );
      return rows.map(toProduct);
    },

    /**
     * The languages of the files of this purpose that these orders' products' information has, by
     * product code (null: the product's default file); products with none are left out.
     */
    async productFileLanguages(
      orderIds: string[],
      purpose: string,
    ): Promise<Map<string, Array<string | null>>> {
      if (orderIds.length === 0) return new Map();
      const { rows } = await db.query<{ product_code: string; language: string }>(
        `SELECT DISTINCT p.product_code, f.language FROM order_products p
         JOIN product_information_files f ON f.product_code = p.product_code AND f.purpose = $2
         WHERE p.order_id = ANY($1::text[])`,
        [orderIds, purpose],
      );
      const languages = new Map<string, Array<string | null>>();
      for (const row of rows) {
        // Stored as '' because the language is part of the files' key (migration 130).
        const language = row.language === '' ? null : row.language;
        languages.set(row.product_code, [...(languages.get(row.product_code) ?? []), language]);
      }
      return languages;
    },

    /** The states the orders went through, in order; with `rejected`, also the reports not taken. */
    async historyOf(orderIds: string[], options: { rejected?: boolean } = {}): Promise<StateChangeRecord[]> {
      if (orderIds.length === 0) return [];
      const { rows } = await db.query<StateChangeRow>(
        `SELECT * FROM order_state_history WHERE order_id = ANY($1::text[]) AND (applied OR $2)
         ORDER BY occurred_at, state`,
        [orderIds, options.rejected ?? false],
      );
      return rows.map(toStateChange);
    },

    /** True when one of the customer's products carries this voucher option code. */
    async customerUsedVoucher(customerId: string, code: string): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM order_products p JOIN orders o ON o.id = p.order_id
         WHERE p.voucher = $1 AND o.customer_id = $2 LIMIT 1`,
        [code, customerId],
      );
      return rows.length > 0;
    },

    async findVoucherOffer(code: string): Promise<VoucherOfferRecord | undefined> {
      const { rows } = await db.query<VoucherOfferRow>(
        `SELECT code, campaign_name, title, description, discount_percent, discount_amount, currency,
           to_char(valid_until, 'YYYY-MM-DD') AS valid_until
         FROM voucher_offers WHERE code = $1`,
        [code],
      );
      return rows[0] && toVoucherOffer(rows[0]);
    },

    async findCampaign(storefrontId: string, name: string): Promise<CampaignRecord | undefined> {
      const { rows } = await db.query<{
        name: string;
        title: string;
        cutoffs: CampaignRecord['cutoffs'] | string;
      }>('SELECT name, title, cutoffs FROM order_campaigns WHERE storefront_id = $1 AND name = $2', [
        storefrontId,
        name,
      ]);
      const row = rows[0];
      return row && { name: row.name, title: row.title, cutoffs: json(row.cutoffs) };
    },

    // ---- writes (the shop's, and the customer's address change) ----

    /** Locks the super order for the rest of the transaction. */
    async lockSuperOrder(code: string): Promise<SuperOrderRecord | undefined> {
      const { rows } = await db.query<SuperOrderRow>(
        'SELECT * FROM super_orders WHERE code = $1 FOR UPDATE',
        [code],
      );
      return rows[0] && toSuperOrder(rows[0]);
    },

    async lockOrder(orderId: string): Promise<OrderRecord | undefined> {
      const { rows } = await db.query<OrderRow>(
        `SELECT ${selectedOrderColumns} FROM orders o JOIN super_orders s ON s.code = o.super_order_code
         WHERE o.id = $1 FOR UPDATE OF o`,
        [orderId],
      );
      return rows[0] && toOrder(rows[0]);
    },

    /**
     * The shop's list: super orders by their version's time, then code, after the cursor's
     * (`after`), with the filters the shop gave.
     */
    async listForShop(query: {
      storefrontId: string | undefined;
      customerId: string | undefined;
      changedSince: Date | undefined;
      after: { changedAt: Date; code: string } | undefined;
      limit: number;
    }): Promise<SuperOrderRecord[]> {
      const { rows } = await db.query<SuperOrderRow>(
        `SELECT * FROM super_orders
          WHERE ($1::text IS NULL OR storefront_id = $1)
            AND ($2::uuid IS NULL OR customer_id = $2::uuid)
            AND ($3::timestamptz IS NULL OR changed_at >= $3)
            AND ($4::timestamptz IS NULL OR (changed_at, code) > ($4, $5::text))
          ORDER BY changed_at, code
          LIMIT $6`,
        [
          query.storefrontId ?? null,
          query.customerId ?? null,
          query.changedSince?.toISOString() ?? null,
          query.after?.changedAt.toISOString() ?? null,
          query.after?.code ?? null,
          query.limit,
        ],
      );
      return rows.map(toSuperOrder);
    },

    async ordersOfSuperOrders(codes: string[]): Promise<OrderRecord[]> {
      const { rows } = await db.query<OrderRow>(
        `SELECT ${selectedOrderColumns} FROM orders o JOIN super_orders s ON s.code = o.super_order_code
         WHERE o.super_order_code = ANY($1::text[]) ORDER BY o.super_order_code, o.position`,
        [codes],
      );
      return rows.map(toOrder);
    },

    async ordersOfSuperOrder(code: string): Promise<OrderRecord[]> {
      const { rows } = await db.query<OrderRow>(
        `SELECT ${selectedOrderColumns} FROM orders o JOIN super_orders s ON s.code = o.super_order_code
         WHERE o.super_order_code = $1 ORDER BY o.position`,
        [code],
      );
      return rows.map(toOrder);
    },

    async insertSuperOrder(order: NewSuperOrder): Promise<void> {
      await db.query(
        `INSERT INTO super_orders (code, customer_id, storefront_id, source, currency, delivery_type,
           delivery_address, created_at, changed_at, reorder_of, delivery_price)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11)`,
        [
          order.code,
          order.customerId,
          order.storefrontId,
          order.source,
          order.currency,
          order.deliveryType,
          JSON.stringify(order.deliveryAddress),
          order.createdAt,
          order.changedAt,
          order.reorderOf,
          order.deliveryPrice,
        ],
      );
    },

    async updateSuperOrder(order: NewSuperOrder): Promise<void> {
      await db.query(
        `UPDATE super_orders SET source = $2, currency = $3, delivery_type = $4, delivery_address = $5::jsonb,
           created_at = $6, changed_at = $7, storefront_id = $8, delivery_price = $9
         WHERE code = $1`,
        [
          order.code,
          order.source,
          order.currency,
          order.deliveryType,
          JSON.stringify(order.deliveryAddress),
          order.createdAt,
          order.changedAt,
          order.storefrontId,
          order.deliveryPrice,
        ],
      );
    },

    async updateDelivery(
      code: string,
      delivery: { deliveryType: DeliveryType; deliveryAddress: DeliveryAddress; changedAt: Date },
    ): Promise<void> {
      await db.query(
        `UPDATE super_orders SET delivery_type = $2, delivery_address = $3::jsonb,
           changed_at = GREATEST(changed_at, $4) WHERE code = $1`,
        [
          code,
          delivery.deliveryType,
          JSON.stringify(delivery.deliveryAddress),
          delivery.changedAt.toISOString(),
        ],
      );
    },

    async insertOrder(superOrderCode: string, customerId: string, order: NewOrder): Promise<void> {
      await db.query(
        `INSERT INTO orders (id, super_order_code, customer_id, position, state, state_changed_at,
           payment_status, payment_changed_at, payment_method)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          order.id,
          superOrderCode,
          customerId,
          order.position,
          order.state,
          order.stateChangedAt,
          order.paymentStatus,
          order.paymentChangedAt,
          order.paymentMethod,
        ],
      );
    },

    async replaceProducts(orderId: string, products: NewProduct[]): Promise<void> {
      await db.query('DELETE FROM order_products WHERE order_id = $1', [orderId]);
      if (products.length === 0) return;
      await db.query(
        `INSERT INTO order_products (order_id, line_id, position, product_code, article_name, article_group,
           quantity, unit_price, image_url, voucher, processing_status)
         SELECT $1, * FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[],
           $8::int[], $9::text[], $10::text[], $11::text[])`,
        [
          orderId,
          products.map((p) => p.lineId),
          products.map((p) => p.position),
          products.map((p) => p.productCode),
          products.map((p) => p.articleName),
          products.map((p) => p.articleGroup),
          products.map((p) => p.quantity),
          products.map((p) => p.unitPrice),
          products.map((p) => p.imageUrl),
          products.map((p) => p.voucher),
          products.map((p) => p.processingStatus),
        ],
      );
    },

    async setState(orderId: string, state: InternalOrderState, at: Date): Promise<void> {
      await db.query('UPDATE orders SET state = $2, state_changed_at = $3 WHERE id = $1', [
        orderId,
        state,
        at.toISOString(),
      ]);
    },

    async recordState(orderId: string, state: InternalOrderState, at: Date, applied: boolean): Promise<void> {
      await db.query(
        `INSERT INTO order_state_history (order_id, state, occurred_at, applied) VALUES ($1, $2, $3, $4)
         ON CONFLICT (order_id, state) DO NOTHING`,
        [orderId, state, at.toISOString(), applied],
      );
    },

    async setPayment(
      orderId: string,
      payment: { status: PaymentStatus; at: Date; method: PaymentMethodId | null },
    ): Promise<void> {
      await db.query(
        'UPDATE orders SET payment_status = $2, payment_changed_at = $3, payment_method = $4 WHERE id = $1',
        [orderId, payment.status, payment.at.toISOString(), payment.method],
      );
    },

    /** True when the tracking changed. */
    async setTracking(orderId: string, tracking: { carrier: string; number: string }): Promise<boolean> {
      const { rows } = await db.query(
        `UPDATE orders SET tracking_carrier = $2, tracking_number = $3
         WHERE id = $1 AND (tracking_carrier, tracking_number) IS DISTINCT FROM ($2, $3) RETURNING id`,
        [orderId, tracking.carrier, tracking.number],
      );
      return rows.length > 0;
    },

    async setDeliveryDates(orderId: string, earliest: string, latest: string, at: Date): Promise<void> {
      await db.query(
        `UPDATE orders SET delivery_earliest = $2, delivery_latest = $3, delivery_dates_changed_at = $4
         WHERE id = $1`,
        [orderId, earliest, latest, at.toISOString()],
      );
    },

    /** Upserts unless the stored offer is newer; true when it was written. */
    async putVoucherOffer(offer: VoucherOfferRecord, changedAt: Date): Promise<boolean> {
      const { rows } = await db.query(
        `INSERT INTO voucher_offers (code, campaign_name, title, description, discount_percent, discount_amount,
           currency, valid_until, changed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (code) DO UPDATE SET campaign_name = excluded.campaign_name, title = excluded.title,
           description = excluded.description, discount_percent = excluded.discount_percent,
           discount_amount = excluded.discount_amount, currency = excluded.currency,
           valid_until = excluded.valid_until, changed_at = excluded.changed_at
         WHERE voucher_offers.changed_at <= excluded.changed_at
         RETURNING code`,
        [
          offer.code,
          offer.campaignName,
          offer.title,
          offer.description,
          offer.discountPercent,
          offer.discountAmount,
          offer.currency,
          offer.validUntil,
          changedAt.toISOString(),
        ],
      );
      return rows.length > 0;
    },

    // ---- the mails about an order (issue 20) ----

    /** Claims a mail of the order: true once, for the first caller, in the mail's transaction. */
    async claimOrderMail(code: string, kind: string, locale: string): Promise<boolean> {
      const { rows } = await db.query(
        `INSERT INTO order_mails (super_order_code, kind, locale) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING kind`,
        [code, kind, locale],
      );
      return rows.length > 0;
    },

    /**
     * The language of the order's mails: the one it was placed in here, else the one the customer
     * registered in (undefined: the storefront's own).
     */
    async orderMailLocale(code: string): Promise<string | undefined> {
      const { rows } = await db.query<{ locale: string | null }>(
        `SELECT coalesce(
           (SELECT m.locale FROM order_mails m WHERE m.super_order_code = s.code ORDER BY m.created_at LIMIT 1),
           (SELECT r.locale FROM account_registrations r WHERE r.customer_id = s.customer_id
            ORDER BY r.created_at DESC LIMIT 1)) AS locale
         FROM super_orders s WHERE s.code = $1`,
        [code],
      );
      return rows[0]?.locale ?? undefined;
    },

    async putCampaign(storefrontId: string, campaign: CampaignRecord, changedAt: Date): Promise<boolean> {
      const { rows } = await db.query(
        `INSERT INTO order_campaigns (storefront_id, name, title, cutoffs, changed_at)
         VALUES ($1, $2, $3, $4::jsonb, $5)
         ON CONFLICT (storefront_id, name) DO UPDATE SET title = excluded.title, cutoffs = excluded.cutoffs,
           changed_at = excluded.changed_at
         WHERE order_campaigns.changed_at <= excluded.changed_at
         RETURNING name`,
        [
          storefrontId,
          campaign.name,
          campaign.title,
          JSON.stringify(campaign.cutoffs),
          changedAt.toISOString(),
        ],
      );
      return rows.length > 0;
    },
  };
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
