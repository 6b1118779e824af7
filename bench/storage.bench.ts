/**
 * Storage reactivation figures (issue 10, section 5), printed, never asserted.
 *
 * On PGlite (a temp folder) and PostgreSQL (DATABASE_URL, or the local test server, in a schema of its
 * own that is dropped at the end): a customer with 2,000 orders (10,000 products, one in ten cancelled)
 * among 5,000 other customers with one order and a photo the shop holds each. Through the code the
 * route runs (the storage service, its repository, the contract's response schema, JSON): median and
 * p95 of `GET /accounts/getaccountinformation` (target 50 ms), and the median of the expiry job's
 * candidate query over all customers.
 *
 * Run from bench/: `npm run bench:storage` (about a minute). STORAGE_ENGINES=pglite (or postgres) runs
 * one engine.
 */
import os from 'node:os';
import { AccountInformationSchema } from '@photo/contracts/storage-period';
import type { Caller } from '../apps/server/src/platform/caller';
import { systemClock } from '../apps/server/src/platform/clock';
import { type Database } from '../apps/server/src/platform/database';
import { createStoragePeriodRepository } from '../apps/server/src/storage-period/storage-period.repository';
import { createStoragePeriodService } from '../apps/server/src/storage-period/storage-period.service';
import { openBenchDatabase } from './support/bench-database';
import { median, percentile } from './support/stats';

const ORDERS = 2_000;
const PRODUCTS_PER_ORDER = 5;
const OTHER_CUSTOMERS = 5_000;
const SAMPLES = 300;
const WARM_UP = 30;
const TARGET_MS = 50;
const ENGINES = (process.env.STORAGE_ENGINES ?? 'pglite,postgres').split(',').filter(Boolean);
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** The data in a few set-based statements: what the shop-side API would have written, row for row. */
async function load(db: Database): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO customers (email, password_hash, first_name, last_name, registered_at)
     VALUES ('many-orders@bench.example', 'unused', 'Bench', 'Customer', now() - interval '6 years') RETURNING id`,
  );
  const customerId = rows[0]!.id;
  const address = `'{"country":"NL","firstName":"B","lastName":"C","company":"","street":"S","houseNumber":"1","addressLine2":"","postcode":"1011 AA","city":"C","region":"","phone":""}'::jsonb`;
  await db.query(
    `INSERT INTO super_orders (code, customer_id, storefront_id, source, currency, delivery_type, delivery_address,
       created_at, changed_at)
     SELECT 'B-' || n, $1, 'nl', 'Web', 'EUR', 'Home', ${address},
       now() - make_interval(days => n), now() - make_interval(days => n)
     FROM generate_series(1, $2::int) AS n`,
    [customerId, ORDERS],
  );
  await db.query(
    `INSERT INTO orders (id, super_order_code, customer_id, position, state, state_changed_at)
     SELECT 'B-' || n || '-1', 'B-' || n, $1, 1, CASE WHEN n % 10 = 0 THEN 'Cancelled' ELSE 'Dispatched' END,
       now() - make_interval(days => n)
     FROM generate_series(1, $2::int) AS n`,
    [customerId, ORDERS],
  );
  await db.query(
    `INSERT INTO order_products (order_id, line_id, position, product_code, article_name, article_group, quantity,
       unit_price)
     SELECT 'B-' || n || '-1', p::text, p, 'PAP_910', 'Prints', 'prints', 10, 19
     FROM generate_series(1, $1::int) AS n, generate_series(1, $2::int) AS p`,
    [ORDERS, PRODUCTS_PER_ORDER],
  );
  await db.query(
    `WITH others AS (
       INSERT INTO customers (email, password_hash, first_name, last_name, registered_at)
       SELECT 'other-' || n || '@bench.example', 'unused', 'O', 'C', now() - make_interval(days => 400 + n % 200)
       FROM generate_series(1, $1::int) AS n RETURNING id, registered_at)
     INSERT INTO shop_held_photos (owner_id, blob_key, file_name)
     SELECT id, 'held/' || id || '.jpg', 'held.jpg' FROM others`,
    [OTHER_CUSTOMERS],
  );
  await db.query(
    `INSERT INTO super_orders (code, customer_id, storefront_id, source, currency, delivery_type, delivery_address,
       created_at, changed_at)
     SELECT 'O-' || c.id, c.id, 'nl', 'Web', 'EUR', 'Home', ${address}, c.registered_at + interval '1 day',
       c.registered_at + interval '1 day'
     FROM customers c WHERE c.email LIKE 'other-%'`,
  );
  await db.query(
    `INSERT INTO orders (id, super_order_code, customer_id, position, state, state_changed_at)
     SELECT s.code || '-1', s.code, s.customer_id, 1, 'Dispatched', s.created_at
     FROM super_orders s WHERE s.code LIKE 'O-%'`,
  );
  await db.query('ANALYZE');
  return customerId;
}

async function time(work: () => Promise<unknown>, samples: number): Promise<number[]> {
  for (let i = 0; i < WARM_UP; i += 1) await work();
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function figures(engine: string) {
  const { db, dispose } = await openBenchDatabase(engine, 'storage');
  try {
    let started = performance.now();
    const customerId = await load(db);
    log(
      `${engine}: loaded ${ORDERS} orders and ${OTHER_CUSTOMERS} other customers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const storage = createStoragePeriodRepository(db);
    const service = createStoragePeriodService({ storage, clock: systemClock, countProjects: async () => 0 });
    const caller: Caller = { customerId, isB2B: false, storefrontId: 'nl' };
    const information = await time(
      async () => JSON.stringify(AccountInformationSchema.parse(await service.accountInformation(caller))),
      SAMPLES,
    );
    started = performance.now();
    const candidates = await time(
      () => storage.expiryCandidates(new Date(Date.now() - 17 * 30 * 86_400_000)),
      5,
    );
    const found = (await storage.expiryCandidates(new Date(Date.now() - 17 * 30 * 86_400_000))).length;
    log(`${engine}: sampled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return {
      engine,
      informationMedian: median(information),
      informationP95: percentile(information, 95),
      candidatesMedian: median(candidates),
      found,
    };
  } finally {
    await dispose();
  }
}

const results = [];
for (const engine of ENGINES) results.push(await figures(engine));
console.log(
  `\ngetaccountinformation, a customer with ${ORDERS} orders (${ORDERS * PRODUCTS_PER_ORDER} products), target p95 ${TARGET_MS} ms`,
);
console.log('| engine | median | p95 | expiry candidates query (median, customers found) |');
console.log('| --- | --- | --- | --- |');
for (const r of results)
  console.log(
    `| ${r.engine} | ${ms(r.informationMedian)} | ${ms(r.informationP95)} | ${ms(r.candidatesMedian)} (${r.found}) |`,
  );
console.log(
  `load average: ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
