/**
 * The orders benches' customer (issue 10, section 5): 2,000 super orders of one order each and 10,000
 * products over three years, most of them dispatched, written in a few statements.
 */
import type { Database } from '../../apps/server/src/platform/database';

export const ORDERS = 2_000;
export const PRODUCTS_PER_ORDER = 5;

/** A customer of the bench's own (the Chromium bench hands the demo account's instead). */
export async function createOrdersCustomer(db: Database): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name)
     VALUES ('orders@bench.example', 'unused', 'Bench', 'Customer') RETURNING id`,
  );
  return rows[0]!.id;
}

/** Gives the customer 2,000 super orders, newest first in code order; returns their codes. */
export async function loadOrders(db: Database, customerId: string): Promise<string[]> {
  const address = JSON.stringify({
    country: 'NL',
    firstName: 'Bench',
    lastName: 'Customer',
    company: '',
    street: 'Keizersgracht',
    houseNumber: '212',
    addressLine2: '',
    postcode: '1016 DZ',
    city: 'Amsterdam',
    region: '',
    phone: '',
  });
  // Order n was taken n * 13 hours ago: 2,000 orders reach back about three years.
  await db.query(
    `INSERT INTO super_orders (code, customer_id, storefront_id, source, currency, delivery_type,
       delivery_address, created_at, changed_at)
     SELECT 'NL-' || (9000000 + n), $1, 'nl', 'Web', 'EUR', 'Home', $2::jsonb,
       now() - n * interval '13 hours', now() - n * interval '13 hours'
     FROM generate_series(1, ${ORDERS}) AS n`,
    [customerId, address],
  );
  await db.query(
    `INSERT INTO orders (id, super_order_code, customer_id, position, state, state_changed_at,
       payment_status, payment_changed_at, delivery_earliest, delivery_latest, delivery_dates_changed_at)
     SELECT 'NL-' || (9000000 + n) || '-1', 'NL-' || (9000000 + n), $1, 0,
       CASE WHEN n < 10 THEN 'Confirmed' WHEN n % 97 = 0 THEN 'Cancelled' ELSE 'Dispatched' END,
       now() - n * interval '13 hours' + interval '3 days', 'paymentSuccess',
       now() - n * interval '13 hours', (now() - n * interval '13 hours' + interval '5 days')::date,
       (now() - n * interval '13 hours' + interval '7 days')::date, now() - n * interval '13 hours'
     FROM generate_series(1, ${ORDERS}) AS n`,
    [customerId],
  );
  await db.query(
    `INSERT INTO order_state_history (order_id, state, occurred_at)
     SELECT 'NL-' || (9000000 + n) || '-1', s.state, now() - n * interval '13 hours' + s.step * interval '1 day'
     FROM generate_series(1, ${ORDERS}) AS n,
       (VALUES ('Received', 0), ('Confirmed', 1), ('ProductionStarted', 2), ('Dispatched', 3)) AS s (state, step)`,
  );
  await db.query(
    `INSERT INTO order_products (order_id, line_id, position, product_code, article_name, article_group,
       quantity, unit_price, image_url, voucher)
     SELECT 'NL-' || (9000000 + n) || '-1', p::text, p - 1,
       (ARRAY['PAP_910', 'PAP_1318', 'BOOK_A4_HARD', 'WALL_CANVAS_60', 'CARD_XMAS_10'])[p],
       (ARRAY['Prints 10x15 glossy', 'Prints 13x18 matt', 'Photo book A4 hardcover', 'Canvas 60x40',
         'Christmas cards (10)'])[p],
       (ARRAY['prints', 'prints', 'photoBooks', 'wallDecor', 'cards'])[p],
       1 + (n * p) % 40, (ARRAY[19, 39, 3495, 4995, 1295])[p], '/products/prints.svg',
       CASE WHEN p = 3 AND n % 50 = 0 THEN 'BOOK20' END
     FROM generate_series(1, ${ORDERS}) AS n, generate_series(1, ${PRODUCTS_PER_ORDER}) AS p`,
  );
  await db.query('ANALYZE');
  return Array.from({ length: ORDERS }, (_, index) => `NL-${9000001 + index}`);
}
