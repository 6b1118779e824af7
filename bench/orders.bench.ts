/**
 * Orders figures (issue 10, section 5), printed, never asserted.
 *
 * On PGlite (a temp folder) and on PostgreSQL (DATABASE_URL, or the local test server, in a schema of
 * its own that is dropped at the end): a customer with 2,000 super orders of one order each and 10,000
 * products over three years, most of them dispatched. Through the code the routes run (the orders
 * service, its repository, the response schemas, JSON): median and p95 of the orders list (first page
 * of 100 with OrderState=notExpired, and the last page), and of one order's details.
 *
 * Run from bench/: `npm run bench:orders` (about a minute). ORDERS_ENGINES=pglite (or postgres) runs one.
 */
import os from 'node:os';
import { ordersApi, SuperOrderDetailsSchema } from '@photo/contracts/orders';
import { validatePostalAddress } from '../apps/server/src/addresses/address-validator';
import { createCustomersRepository } from '../apps/server/src/customers/customers.repository';
import { createOrdersRepository } from '../apps/server/src/orders/orders.repository';
import { createOrdersService } from '../apps/server/src/orders/orders.service';
import type { Caller } from '../apps/server/src/platform/caller';
import { systemClock } from '../apps/server/src/platform/clock';
import { type Database } from '../apps/server/src/platform/database';
import { createShopOrdersService } from '../apps/server/src/shop-api/shop-orders.service';
import { openBenchDatabase } from './support/bench-database';
import { median, percentile, seededRandom } from './support/stats';

const ORDERS = 2_000;
const PRODUCTS_PER_ORDER = 5;
const SAMPLES = 200;
const WARM_UP = 20;
const TARGET_MS = 50;
const ENGINES = (process.env.ORDERS_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean);

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** 2,000 super orders over three years, newest first in code order, in a few statements. */
async function loadOrders(db: Database): Promise<{ customerId: string; codes: string[] }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name)
     VALUES ('orders@bench.example', 'unused', 'Bench', 'Customer') RETURNING id`,
  );
  const customerId = rows[0]!.id;
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
  return {
    customerId,
    codes: Array.from({ length: ORDERS }, (_, index) => `NL-${9000001 + index}`),
  };
}

async function timed(samples: number, run: (index: number) => Promise<unknown>): Promise<number[]> {
  for (let index = 0; index < WARM_UP; index += 1) await run(index);
  const times: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    await run(index);
    times.push(performance.now() - started);
  }
  return times;
}

async function measure(engine: string, db: Database) {
  let started = performance.now();
  const { customerId, codes } = await loadOrders(db);
  log(
    `${engine}: ${ORDERS} orders, ${ORDERS * PRODUCTS_PER_ORDER} products loaded in ${Math.round(performance.now() - started)} ms`,
  );
  const service = createOrdersService({
    orders: createOrdersRepository(db),
    shop: createShopOrdersService({ db, customers: createCustomersRepository(db) }),
    clock: systemClock,
    validateAddress: validatePostalAddress,
  });
  const caller: Caller = { customerId, isB2B: false, storefrontId: 'nl' };
  // As the route answers: the service, the response schema, JSON.
  const listPage = async (offset: number) =>
    JSON.stringify(
      ordersApi.myOrders.response.parse(await service.list(caller, { offset, limit: 100, notExpired: true })),
    );
  const random = seededRandom(10);
  const details = async () =>
    JSON.stringify(
      SuperOrderDetailsSchema.parse(
        await service.details(caller, codes[Math.floor(random() * codes.length)]!),
      ),
    );

  started = performance.now();
  const figures = {
    'orders list, first page of 100': await timed(SAMPLES, () => listPage(0)),
    'orders list, last page': await timed(SAMPLES, () => listPage(ORDERS - 100)),
    "one order's details": await timed(SAMPLES, details),
  };
  log(`${engine}: measured in ${Math.round(performance.now() - started)} ms`);
  return figures;
}

const results: Array<{ engine: string; figure: string; median: number; p95: number }> = [];
for (const engine of ENGINES) {
  const { db, dispose } = await openBenchDatabase(engine, 'orders');
  try {
    for (const [figure, times] of Object.entries(await measure(engine, db))) {
      results.push({ engine, figure, median: median(times), p95: percentile(times, 95) });
    }
  } finally {
    await dispose();
  }
}

console.log(
  `\nOrders, ${ORDERS} orders / ${ORDERS * PRODUCTS_PER_ORDER} products, ${SAMPLES} samples (target p95 ${TARGET_MS} ms)`,
);
console.log(
  `load average: ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
console.log('| engine | figure | median | p95 |');
console.log('| --- | --- | --- | --- |');
for (const row of results) {
  console.log(`| ${row.engine} | ${row.figure} | ${row.median.toFixed(1)} ms | ${row.p95.toFixed(1)} ms |`);
}
