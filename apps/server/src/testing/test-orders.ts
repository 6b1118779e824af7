import { emptyPostalAddress } from '@photo/contracts/addresses';
import type { DeliveryAddress } from '@photo/contracts/orders';
import type { ShopSuperOrderInput } from '@photo/contracts/shop-api';
import type { Queryable } from '../platform/database';
import { uuidv7 } from '../platform/uuid';

/** A home delivery address in Amsterdam, as the shop reports one with an order. */
export const testDeliveryAddress = (fields: Partial<DeliveryAddress> = {}): DeliveryAddress => ({
  ...emptyPostalAddress('NL'),
  firstName: 'Demi',
  lastName: 'Jansen',
  street: 'Keizersgracht',
  houseNumber: '12',
  postcode: '1015 CJ',
  city: 'Amsterdam',
  ...fields,
});

/**
 * A super order as the shop reports it for an account: home delivery on the nl storefront, one order
 * `<code>-1` of one line of prints; cancelled on request.
 */
export const testSuperOrder = (
  code: string,
  accountId: string,
  createdAt: string,
  options: { cancelled?: boolean; deliveryAddress?: DeliveryAddress } = {},
): ShopSuperOrderInput => ({
  accountId,
  storefront: 'nl',
  createdAt,
  changedAt: createdAt,
  deliveryType: 'Home',
  deliveryAddress: options.deliveryAddress ?? testDeliveryAddress(),
  orders: [
    {
      id: `${code}-1`,
      ...(options.cancelled ? { state: 'Cancelled' as const } : {}),
      products: [
        {
          lineId: '1',
          code: 'PAP_910',
          articleName: 'Prints',
          articleGroup: 'prints',
          quantity: 1,
          unitPrice: 19,
        },
      ],
    },
  ],
});

/** A confirmed order with one photo book, as the shop would have reported it; answers its codes. */
export async function insertTestOrder(db: Queryable, customerId: string) {
  const code = `SO-${uuidv7()}`;
  const orderId = `${code}-1`;
  await db.query(
    `INSERT INTO super_orders (code, customer_id, storefront_id, source, currency, delivery_type,
       delivery_address, created_at, changed_at)
     VALUES ($1, $2, 'photo-shop-nl', 'Web', 'EUR', 'Home', '{"city":"Amsterdam"}', now(), now())`,
    [code, customerId],
  );
  await db.query(
    `INSERT INTO orders (id, super_order_code, customer_id, position, state, state_changed_at)
     VALUES ($1, $2, $3, 1, 'Confirmed', now())`,
    [orderId, code, customerId],
  );
  await db.query(
    `INSERT INTO order_products (order_id, line_id, position, product_code, article_name, article_group,
       quantity, unit_price) VALUES ($1, 'l1', 1, 'BOOK_A4_HARD', 'Photo book', 'Books', 1, 2995)`,
    [orderId],
  );
  await db.query(
    `INSERT INTO order_state_history (order_id, state, occurred_at) VALUES ($1, 'Confirmed', now())`,
    [orderId],
  );
  return { code, orderId };
}
