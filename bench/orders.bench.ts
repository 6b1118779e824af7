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
import { createMerchandiseService } from '../apps/server/src/merchandise/merchandise.service';
import { awaitsPayment } from '../apps/server/src/orders/order-rules';
import { createOrdersRepository } from '../apps/server/src/orders/orders.repository';
import { createOrdersService } from '../apps/server/src/orders/orders.service';
import type { Caller } from '../apps/server/src/platform/caller';
import { systemClock } from '../apps/server/src/platform/clock';
import { type Database } from '../apps/server/src/platform/database';
import { openBenchDatabase } from './support/bench-database';
import { createOrdersCustomer, loadOrders, ORDERS, PRODUCTS_PER_ORDER } from './support/orders-library';
import { median, percentile, seededRandom } from './support/stats';

const SAMPLES = 200;
const WARM_UP = 20;
const TARGET_MS = 50;
const ENGINES = (process.env.ORDERS_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean);

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

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
  const customerId = await createOrdersCustomer(db);
  const codes = await loadOrders(db, customerId);
  log(
    `${engine}: ${ORDERS} orders, ${ORDERS * PRODUCTS_PER_ORDER} products loaded in ${Math.round(performance.now() - started)} ms`,
  );
  const service = createOrdersService({
    orders: createOrdersRepository(db),
    merchandise: createMerchandiseService(),
    // As with a payment provider set up: both are the one rule of orders awaiting payment.
    orderPayments: { canPay: awaitsPayment, canCancel: awaitsPayment },
    clock: systemClock,
    validateAddress: validatePostalAddress,
  });
  const caller: Caller = { customerId, isB2B: false, storefrontId: 'nl' };
  // As the route answers: the service, the response schema, JSON.
  const listPage = async (offset: number) =>
    JSON.stringify(
      ordersApi.myOrders.response.parse(
        await service.list(caller, { offset, limit: 100, notExpired: true }, 'nl-NL'),
      ),
    );
  const random = seededRandom(10);
  const details = async () =>
    JSON.stringify(
      SuperOrderDetailsSchema.parse(
        await service.details(caller, codes[Math.floor(random() * codes.length)]!, 'nl-NL'),
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
