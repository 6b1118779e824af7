/**
 * Timeline figures at scale (DESIGN section 4), printed, never asserted. On PGlite and on PostgreSQL, a
 * customer with 1,000,000 photos over 25 years (one month of 60,000, one day of 15,000, a few thousand
 * undated) and a second customer with a few photos; then, through the code the route runs (contract
 * parsing, service, repository, DTO, response schema, JSON):
 * - median and p95 of the month index and of 24-photo sections (first of random months, deep in the
 *   big month, inside the big day, Unknown Date, and by upload date);
 * - the bytes of one section as the API sends it, JSON and gzip;
 * - the plans of the section queries, to show whether they are keyset range scans on an index;
 * - the same sections with the ORDER BY this bench proposes for photos.repository.ts, before and after.
 *
 * Run from bench/: `npm run bench:timeline` (about 10 minutes on 2 cores). PostgreSQL is DATABASE_URL, or
 * the local test server; TIMELINE_ENGINES=pglite (or postgres) runs one engine; TIMELINE_PHOTOS=100000 a
 * smaller library for a quick look.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { photosApi, type PhotoPage, type SortKey, type TimelineEntry } from '@photo/contracts/photos';
import type { Caller } from '../apps/server/src/platform/caller';
import {
  migrate,
  openPgliteDatabase,
  openPostgresDatabase,
  type Database,
} from '../apps/server/src/platform/database';
import { uuidv7 } from '../apps/server/src/platform/uuid';
import { toPhotoDto } from '../apps/server/src/photos/photo-dto';
import { createPhotosRepository } from '../apps/server/src/photos/photos.repository';
import { createPhotosService } from '../apps/server/src/photos/photos.service';
import { migrationsDir } from '../apps/server/src/testing/test-database';
import {
  latencyRow as timingRow,
  median,
  percentile,
  sampleTimes,
  seededRandom,
  type LatencyRow,
} from './support/stats';
import {
  createBenchCustomer,
  loadLibrary,
  MILLION_PHOTO_LIBRARY,
  type LibraryShape,
} from './support/timeline-library';

const SHAPE: LibraryShape = {
  ...MILLION_PHOTO_LIBRARY,
  photos: Number(process.env.TIMELINE_PHOTOS ?? MILLION_PHOTO_LIBRARY.photos),
};
const SAMPLES = 200;
const WARM_UP = 20;
const WARM_UP_BUDGET_MS = 10_000;
const SAMPLE_BUDGET_MS = 60_000;
const TARGET = { indexMs: 50, sectionMs: 40, gzipBytes: 3 * 1024 };
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** Absolute, as the route builds them from the storefront's origin. */
const PHOTOS_BASE_URL = `http://nl.localhost:8080${serviceBasePath('photos')}`;

const number = (value: number) => Math.round(value).toLocaleString('en-US');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Row extends LatencyRow {
  plan: string;
}

const latencyRow = (figure: string, samples: number[], targetMs: number, plan = ''): Row => ({
  ...timingRow(figure, samples, targetMs),
  plan,
});

/** A figure far over its target would take minutes alone: the budgets stop it (see `sampleTimes`). */
const timeSamples = (run: (sample: number) => Promise<unknown>) =>
  sampleTimes(
    {
      samples: SAMPLES,
      warmUp: WARM_UP,
      warmUpBudgetMs: WARM_UP_BUDGET_MS,
      sampleBudgetMs: SAMPLE_BUDGET_MS,
    },
    run,
  );

/** The photos of the second customer go in through the repository, triggers on, as uploads do. */
async function addSmallLibrary(db: Database): Promise<{ ownerId: string; photos: number }> {
  const ownerId = await createBenchCustomer(db, 'small-library@bench.example');
  const repository = createPhotosRepository(db);
  const month = `${SHAPE.bigMonth.year}-${String(SHAPE.bigMonth.month).padStart(2, '0')}`;
  const dates = [
    ...Array.from({ length: 10 }, (_, n) => `${month}-${String(n + 10)}T12:00:00`),
    ...Array.from({ length: 10 }, (_, n) => `${SHAPE.bigDay.date}T${String(n + 10)}:30:00`),
    ...Array.from({ length: 10 }, (_, n) => `${2005 + n * 2}-03-14T09:15:00`),
    ...Array.from({ length: 5 }, () => null),
  ];
  for (const [index, takenLocal] of dates.entries()) {
    const { record } = await repository.insert({
      id: uuidv7(),
      ownerId,
      uploadId: randomUUID().replaceAll('-', ''),
      localFileName: `IMG_${String(index).padStart(4, '0')}.JPG`,
      contentHash: `small-${index}`,
      mimeType: 'image/jpeg',
      byteSize: 2_500_000,
      width: 4032,
      height: 3024,
      visibleWidth: 4032,
      visibleHeight: 3024,
      orientation: 1,
      takenLocal,
      takenOffset: null,
    });
    await repository.markReady(
      record.id,
      'mxgKDwKvd4iIeHeHiIeHeHiIiA==',
      [300, 800, 1300].map((size) => ({
        size,
        width: size,
        height: Math.round((size * 3) / 4),
        key: `photos/${ownerId}/${record.id}/${size}.webp`,
        mimeType: 'image/webp',
      })),
    );
  }
  return { ownerId, photos: dates.length };
}

interface ChainStep {
  cursor: string | undefined;
  firstId: string;
  first: string | undefined;
  last: string | undefined;
}

interface Plan {
  text: string[];
  /** The plan's nodes, outermost first, with the index each reads. */
  summary: string;
  sorts: boolean;
}

function summarisePlan(text: string[]): Plan {
  const nodes = text
    .filter((line, index) => index === 0 || line.trimStart().startsWith('->'))
    .map((line) => {
      const node = line.replace(/^\s*(->\s*)?/, '').replace(/\s+\(cost=.*$/, '');
      const index = /(?:using|Index Scan on) (\w+)/.exec(node)?.[1];
      const name = node.replace(/ (using|on) .*$/, '');
      return index ? `${name} (${index})` : name;
    });
  return {
    text,
    summary: nodes.join(' > '),
    sorts: nodes.some((node) => /^(Incremental )?Sort\b/.test(node)),
  };
}

/**
 * The change this bench proposes for photos.repository.ts, tried on a copy of its SQL. `photoColumns`
 * returns `to_char(taken_local, ...) AS taken_local` (and the same for uploaded_at), and ORDER BY reads a
 * bare name as the OUTPUT column: the query sorts the formatted text, so no index can give the order and
 * every section sorts all that is left of its month (a parallel seq scan of the table deep in a big
 * month). Qualified names (`photos.taken_local`) are the table's columns, in index order. Undated photos
 * order by their constant NULL taken_local first, so the same index gives their order too.
 */
function withProposedOrder(db: Database): { db: Database; rewrites: () => number } {
  let rewrites = 0;
  const rewrite = (sql: string) => {
    const result = sql
      .replace(
        /ORDER BY (taken_local|uploaded_at) (ASC|DESC), id (ASC|DESC) LIMIT/,
        'ORDER BY photos.$1 $2, photos.id $3 LIMIT',
      )
      .replace(
        /(taken_local IS NULL[^]*) ORDER BY id (ASC|DESC) LIMIT/,
        '$1 ORDER BY photos.taken_local $2, photos.id $2 LIMIT',
      );
    if (result !== sql) rewrites += 1;
    return result;
  };
  return {
    db: { ...db, query: (sql, params) => db.query(rewrite(sql), params) },
    rewrites: () => rewrites,
  };
}

/** What the route handlers do between the parsed request and the bytes on the wire. */
function routeOf(db: Database, caller: Caller) {
  // The last statement the repository ran, to EXPLAIN exactly what was timed.
  let lastQuery: { sql: string; params: unknown[] } | undefined;
  const recording: Database = {
    ...db,
    query: (sql, params) => {
      lastQuery = { sql, params: params ?? [] };
      return db.query(sql, params);
    },
  };
  const service = createPhotosService(recording, createPhotosRepository(recording));
  return {
    async index(sortKey: SortKey): Promise<string> {
      const query = photosApi.timeline.query!.parse({ sortKey });
      return JSON.stringify(photosApi.timeline.response.parse(await service.timeline(caller, query.sortKey)));
    },
    async section(request: SectionRequest): Promise<{ json: string; page: PhotoPage }> {
      const params = photosApi.timelineMonth.params!.parse({
        year: String(request.year),
        month: String(request.month),
      });
      const query = photosApi.timelineMonth.query!.parse({
        sortKey: request.sortKey,
        ...(request.cursor ? { cursor: request.cursor } : {}),
      });
      const records = await service.listMonth(caller, { ...params, ...query });
      const page = photosApi.timelineMonth.response.parse({
        cursor: records.cursor,
        images: records.photos.map((photo) => toPhotoDto(photo, PHOTOS_BASE_URL)),
      });
      return { json: JSON.stringify(page), page };
    },
    async explainLast(): Promise<Plan> {
      const { sql, params } = lastQuery!;
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
      return summarisePlan(rows.map((row) => row['QUERY PLAN']));
    },
  };
}
type Route = ReturnType<typeof routeOf>;

interface SectionRequest {
  year: number;
  month: number;
  sortKey: SortKey;
  cursor: string | undefined;
  /** The first photo the cursor chain walk saw on this page; both queries must agree with it. */
  expectFirst?: string;
}

/** Follows the cursor chain of a month to its end: every step's cursor, checked complete and unique. */
async function walkMonth(route: Route, entry: TimelineEntry, sortKey: SortKey): Promise<ChainStep[]> {
  const started = performance.now();
  const steps: ChainStep[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const { page } = await route.section({ ...entry, sortKey, cursor });
    for (const image of page.images) seen.add(image.imageId);
    const dateOf = (index: number) => {
      const image = page.images[index];
      return sortKey === 'dateTaken' ? image?.dateTaken : image?.uploadEnd;
    };
    // A month of exactly n x 24 photos ends with a cursor to an empty page.
    if (page.images.length > 0) {
      steps.push({
        cursor,
        firstId: page.images[0]!.imageId,
        first: dateOf(0),
        last: dateOf(page.images.length - 1),
      });
    }
    cursor = page.cursor ?? undefined;
  } while (cursor);
  const name = `${entry.year}-${String(entry.month).padStart(2, '0')} (${sortKey})`;
  if (seen.size !== entry.count) {
    throw new Error(
      `${name}: the cursor chain gave ${seen.size} photos, the month index says ${entry.count}`,
    );
  }
  console.log(
    `  walked ${name}: ${number(seen.size)} photos in ${number(steps.length)} sections, none repeated, ` +
      `${seconds(performance.now() - started)}`,
  );
  return steps;
}

async function measureEngine(engine: string, db: Database): Promise<void> {
  console.log(`\n=== ${engine} ===`);
  let started = performance.now();
  await migrate(db, migrationsDir);
  const migrateMs = performance.now() - started;

  started = performance.now();
  let lastReport = 0;
  const { ownerId, timings } = await loadLibrary(db, SHAPE, (done) => {
    const now = performance.now();
    if (now - lastReport > 5000 || done === SHAPE.photos) {
      lastReport = now;
      console.log(`  loading: ${number(done)} photos after ${seconds(now - started)}`);
    }
  });
  const smallLibrary = await addSmallLibrary(db);
  const loadMs = performance.now() - started;
  const { rows: sizes } = await db.query<{ heap: string; total: string }>(
    `SELECT pg_size_pretty(pg_relation_size('photos')) AS heap,
       pg_size_pretty(pg_total_relation_size('photos')) AS total`,
  );
  console.log(
    `Load: ${number(SHAPE.photos)} + ${smallLibrary.photos} photos in ${seconds(loadMs)} ` +
      `(insert ${seconds(timings.insertMs)}, indexes ${seconds(timings.indexMs)}, ` +
      `month counts ${seconds(timings.countsMs)}, vacuum + analyze ${seconds(timings.analyzeMs)}; ` +
      `migrations ${seconds(migrateMs)} before); photos table ${sizes[0]!.heap}, with indexes ${sizes[0]!.total}`,
  );

  const caller: Caller = { customerId: ownerId, isB2B: false, storefrontId: 'nl' };
  const current = routeOf(db, caller);
  const proposedDb = withProposedOrder(db);
  const proposed = routeOf(proposedDb.db, caller);
  // The second customer shares months and the day with the big one: its queries must not read those rows.
  const smallCaller: Caller = { customerId: smallLibrary.ownerId, isB2B: false, storefrontId: 'nl' };
  const smallRoutes = [routeOf(db, smallCaller), routeOf(proposedDb.db, smallCaller)] as const;
  const smallIndex = photosApi.timeline.response.parse(JSON.parse(await smallRoutes[0].index('dateTaken')));

  const indexTaken = photosApi.timeline.response.parse(JSON.parse(await current.index('dateTaken')));
  const indexCreated = photosApi.timeline.response.parse(JSON.parse(await current.index('created')));
  const dated = indexTaken.filter((entry) => entry.year !== 0);
  const unknown = indexTaken.find((entry) => entry.year === 0)!;
  const bigMonth = indexTaken.find(
    (entry) => entry.year === SHAPE.bigMonth.year && entry.month === SHAPE.bigMonth.month,
  )!;
  const [dayYear, dayMonth] = SHAPE.bigDay.date.split('-').map(Number) as [number, number];
  const dayMonthEntry = indexTaken.find((entry) => entry.year === dayYear && entry.month === dayMonth)!;
  const { rows: dayCount } = await db.query<{ count: string }>(
    `SELECT count(*) FROM photos WHERE owner_id = $1 AND taken_local >= $2::date AND taken_local < $2::date + 1`,
    [ownerId, SHAPE.bigDay.date],
  );
  const bigDayPhotos = Number(dayCount[0]!.count);
  const createdMonths = indexCreated.filter((entry) => entry.year !== 0);
  const biggestCreated = createdMonths.reduce((a, b) => (b.count > a.count ? b : a));
  console.log(
    `Library: ${number(indexTaken.reduce((sum, entry) => sum + entry.count, 0))} photos in ${dated.length} months ` +
      `and ${number(unknown.count)} undated; ${bigMonth.year}-${bigMonth.month}: ${number(bigMonth.count)}; ` +
      `${SHAPE.bigDay.date}: ${number(bigDayPhotos)} (its month ${number(dayMonthEntry.count)}); ` +
      `months hold ${number(Math.min(...dated.map((entry) => entry.count)))} to ` +
      `${number(Math.max(...dated.map((entry) => entry.count)))}; biggest upload month ` +
      `${biggestCreated.year}-${biggestCreated.month}: ${number(biggestCreated.count)}`,
  );

  const rows: Row[] = [];
  for (const sortKey of ['dateTaken', 'created'] as const) {
    const samples = await timeSamples(() => current.index(sortKey));
    const entries = sortKey === 'dateTaken' ? indexTaken : indexCreated;
    rows.push(latencyRow(`month index, ${sortKey} (${entries.length} months)`, samples, TARGET.indexMs));
  }

  // The chains are walked with the proposed query (the same rows in the same order, checked below on
  // every timed page): with the current one, 2,500 sections of the big month take many minutes.
  const bigMonthSteps = await walkMonth(proposed, bigMonth, 'dateTaken');
  const daySteps = (await walkMonth(proposed, dayMonthEntry, 'dateTaken')).filter(
    (step) => step.first?.startsWith(SHAPE.bigDay.date) && step.last?.startsWith(SHAPE.bigDay.date),
  );
  const unknownSteps = await walkMonth(proposed, unknown, 'dateTaken');
  const createdSteps = await walkMonth(proposed, biggestCreated, 'created');

  const stepRequest = (entry: TimelineEntry, sortKey: SortKey, step: ChainStep): SectionRequest => ({
    year: entry.year,
    month: entry.month,
    sortKey,
    cursor: step.cursor,
    expectFirst: step.firstId,
  });
  const cases: Array<{
    figure: string;
    next: (pick: <T>(items: T[]) => T) => SectionRequest;
    routes?: readonly [Route, Route];
  }> = [
    {
      figure: `first section, random month (dateTaken)`,
      next: (pick) => ({ ...pick(dated), sortKey: 'dateTaken', cursor: undefined }),
    },
    {
      figure: `deep section, ${number(bigMonth.count)}-photo month, random depth`,
      next: (pick) => stepRequest(bigMonth, 'dateTaken', pick(bigMonthSteps.slice(1))),
    },
    {
      figure: `section inside the ${number(bigDayPhotos)}-photo day (${daySteps.length} sections)`,
      next: (pick) => stepRequest(dayMonthEntry, 'dateTaken', pick(daySteps)),
    },
    {
      figure: `Unknown Date (${number(unknown.count)} photos), random depth`,
      next: (pick) => stepRequest(unknown, 'dateTaken', pick(unknownSteps)),
    },
    {
      figure: 'first section, random month (created)',
      next: (pick) => ({ ...pick(createdMonths), sortKey: 'created', cursor: undefined }),
    },
    {
      figure: `deep section, ${number(biggestCreated.count)}-photo upload month (created), random depth`,
      next: (pick) => stepRequest(biggestCreated, 'created', pick(createdSteps.slice(1))),
    },
    {
      figure: `second customer (${smallLibrary.photos} photos), random month or Unknown Date`,
      next: (pick) => ({ ...pick(smallIndex), sortKey: 'dateTaken', cursor: undefined }),
      routes: smallRoutes,
    },
  ];

  const payloads: string[] = [];
  const comparison: Array<Record<string, string>> = [];
  const deepPlans: Array<{ title: string; plan: Plan }> = [];
  for (const [caseIndex, sectionCase] of cases.entries()) {
    const measured: Array<{ samples: number[]; plan: Plan }> = [];
    for (const [variant, route] of (sectionCase.routes ?? [current, proposed]).entries()) {
      // The same seed for both variants: they time the same sections.
      const random = seededRandom(1000 + caseIndex);
      const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
      const samples = await timeSamples(async () => {
        const request = sectionCase.next(pick);
        const { json, page } = await route.section(request);
        if (request.expectFirst && page.images[0]?.imageId !== request.expectFirst) {
          throw new Error(`${sectionCase.figure}: the page differs from the cursor chain`);
        }
        if (variant === 0 && caseIndex === 1) payloads.push(json);
      });
      measured.push({ samples, plan: await route.explainLast() });
    }
    const [before, after] = measured as [(typeof measured)[0], (typeof measured)[0]];
    rows.push(latencyRow(sectionCase.figure, before.samples, TARGET.sectionMs, before.plan.summary));
    comparison.push({
      figure: sectionCase.figure,
      'p95 now': `${percentile(before.samples, 95).toFixed(2)} ms`,
      'p95 with fix': `${percentile(after.samples, 95).toFixed(2)} ms`,
      'median now': `${median(before.samples).toFixed(2)} ms`,
      'median with fix': `${median(after.samples).toFixed(2)} ms`,
      'plan with fix': after.plan.summary,
    });
    if (caseIndex === 1) {
      deepPlans.push({ title: `${sectionCase.figure}, current query`, plan: before.plan });
      deepPlans.push({ title: `${sectionCase.figure}, with the proposed ORDER BY`, plan: after.plan });
    }
  }

  // Payload: the deep sections of the big month, every one a full page of 24.
  const jsonBytes = payloads.map((json) => Buffer.byteLength(json));
  const gzipBytes = payloads.map((json) => gzipSync(json).length);
  rows.push({
    figure: 'one 24-photo section, JSON bytes',
    samples: String(payloads.length),
    median: number(median(jsonBytes)),
    p95: number(percentile(jsonBytes, 95)),
    target: '',
    result: '',
    plan: '',
  });
  rows.push({
    figure: 'one 24-photo section, gzip bytes',
    samples: String(payloads.length),
    median: number(median(gzipBytes)),
    p95: number(percentile(gzipBytes, 95)),
    target: `<= ${number(TARGET.gzipBytes)}`,
    result: percentile(gzipBytes, 95) <= TARGET.gzipBytes ? 'pass' : 'FAIL',
    plan: '',
  });

  console.log(`\nTimeline figures, ${engine}: the code as it is (${SAMPLES} samples each after warm-up)`);
  console.table(rows);
  printPayloadBreakdown(payloads[0]!);
  console.log(
    `\nProposed fix in photos.repository.ts listMonth, ORDER BY photos.<column>, photos.id ` +
      `(${number(proposedDb.rewrites())} statements rewritten; 0 means the repository already does it)`,
  );
  console.table(comparison);
  for (const { title, plan } of deepPlans) {
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS), ${engine}: ${title}`);
    console.log(plan.text.map((line) => `  ${line}`).join('\n'));
  }
}

/**
 * Which fields make up a section: the bytes each adds, JSON and gzip, measured by leaving it out. Gzip
 * shares strings between fields (the id recurs in every URL), so the gzip column does not add up.
 */
function printPayloadBreakdown(json: string): void {
  const page = JSON.parse(json) as PhotoPage;
  const sizeOf = (value: unknown) => {
    const text = JSON.stringify(value);
    return { json: Buffer.byteLength(text), gzip: gzipSync(text).length };
  };
  const full = sizeOf(page);
  const fields = Object.keys(page.images[0]!) as Array<keyof PhotoPage['images'][number]>;
  const breakdown = [
    ...fields.map((field) => {
      const without = sizeOf({
        ...page,
        images: page.images.map((image) =>
          Object.fromEntries(Object.entries(image).filter(([key]) => key !== field)),
        ),
      });
      return { field, json: full.json - without.json, gzip: full.gzip - without.gzip };
    }),
    (() => {
      const without = sizeOf({ ...page, cursor: null });
      return { field: 'cursor', json: full.json - without.json, gzip: full.gzip - without.gzip };
    })(),
  ].sort((a, b) => b.gzip - a.gzip);
  console.log(
    `\nWhat one section is made of (${full.json} bytes JSON, ${full.gzip} gzip), bytes each field adds:`,
  );
  console.table(
    breakdown.map((entry) => ({
      field: entry.field,
      'JSON bytes': entry.json,
      'JSON share': `${((entry.json / full.json) * 100).toFixed(0)} %`,
      'gzip bytes': entry.gzip,
      'gzip share': `${((entry.gzip / full.gzip) * 100).toFixed(0)} %`,
    })),
  );
  // Shapes the contract could take, for scale only: this bench changes nothing.
  type Image = PhotoPage['images'][number];
  const inSeconds = (image: Image) => ({ ...image, uploadEnd: image.uploadEnd.replace(/\.\d+Z$/, 'Z') });
  const without = (image: Image, ...keys: string[]) =>
    Object.fromEntries(Object.entries(image).filter(([key]) => !keys.includes(key)));
  const variants: Array<[string, (image: Image) => unknown]> = [
    [
      'thumbnails as width/height only (id, url derive from imageId)',
      (image) => ({
        ...image,
        thumbnails: image.thumbnails.map(({ width, height }) => ({ width, height })),
      }),
    ],
    ['no thumbnails array', (image) => without(image, 'thumbnails')],
    ['uploadEnd in whole seconds', inSeconds],
    ['no uploadId', (image) => without(image, 'uploadId')],
    ['no thumbnails array, uploadEnd in seconds', (image) => without(inSeconds(image), 'thumbnails')],
    [
      'no thumbnails array, uploadEnd in seconds, no uploadId',
      (image) => without(inSeconds(image), 'thumbnails', 'uploadId'),
    ],
  ];
  console.log('If the section had another shape (not changed here; for the contract owners):');
  console.table(
    variants.map(([shape, change]) => {
      const size = sizeOf({ ...page, images: page.images.map(change) });
      return { shape, 'JSON bytes': size.json, 'gzip bytes': size.gzip };
    }),
  );
}

async function runPglite(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-timeline-'));
  const db = await openPgliteDatabase(dataDir);
  try {
    await measureEngine(`PGlite (${dataDir})`, db);
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runPostgres(): Promise<void> {
  const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const schema = `bench_timeline_${randomUUID().replaceAll('-', '')}`;
  let db: Database;
  try {
    db = await openPostgresDatabase(url, { schema, maxConnections: 2 });
  } catch (error) {
    console.log(
      `\nPostgreSQL skipped: ${url.replace(/\/\/[^@]*@/, '//***@')} did not answer (${String(error)})`,
    );
    return;
  }
  try {
    const { rows } = await db.query<{ version: string }>(
      `SELECT current_setting('server_version') AS version`,
    );
    await measureEngine(`PostgreSQL ${rows[0]!.version} (schema ${schema})`, db);
  } finally {
    await db.query(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
}

// TIMELINE_ENGINES=postgres (or pglite) runs one engine only, for a quicker look.
const engines = (process.env.TIMELINE_ENGINES ?? 'pglite,postgres').split(',');
const started = performance.now();
if (engines.includes('pglite')) await runPglite();
if (engines.includes('postgres')) await runPostgres();
console.log(`\nTotal ${seconds(performance.now() - started)}`);
