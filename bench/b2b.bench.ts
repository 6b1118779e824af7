/**
 * Figures of issue 11, printed, never asserted.
 *
 * 1. Invoice PDF render time: a 3-page invoice (the one PDF renderer, DejaVu embedded, tagged),
 *    median and p95 of 30 renders after 3 warm-ups.
 * 2. Saved projects list: a customer with 500 projects on PGlite (a temp folder), every page of ten
 *    read through the service the route runs (repository, DTO mapping, response schema), median and
 *    p95 over 500 reads of random pages.
 *
 * 3. A PDF taken out of an order's zip: `GET /api/products/v1/pdf/me/{code}` over HTTP for a 30 MB map
 *    poster print file inside a 46 MB zip of nine print files (print-resolution rasters do not
 *    compress), median of 15 downloads, with time to the first byte and the server's memory growth;
 *    against the same 30 MB stored as a plain file and served whole (the product sheet route) in the
 *    same process.
 *
 * Run from bench/: `npm run bench:b2b` (about a minute).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ProjectPageSchema } from '@photo/contracts/projects';
import { migrate, openPgliteDatabase } from '../apps/server/src/platform/database';
import { createLocalBlobStore } from '../apps/server/src/platform/blob-store';
import { renderPdf } from '../apps/server/src/platform/pdf-renderer';
import { uuidv7 } from '../apps/server/src/platform/uuid';
import { invoiceDocument, type InvoiceSnapshot } from '../apps/server/src/invoices/invoice-document';
import { computeTotals, decideVat } from '../apps/server/src/invoices/invoice-rules';
import { sellerFor } from '../apps/server/src/invoices/invoice-sellers';
import { createProjectsRepository } from '../apps/server/src/projects/projects.repository';
import { createProjectsService } from '../apps/server/src/projects/projects.service';
import { migrationsDir } from '../apps/server/src/testing/test-database';
import { createCustomersRepository } from '../apps/server/src/customers/customers.repository';
import { seedDemoAccounts } from '../apps/server/src/demo/demo-accounts';
import { demoCatalogue } from '../apps/server/src/demo/demo-orders';
import { mapPosterDocument, zipFiles } from '../apps/server/src/demo/demo-pdfs';
import { signIn } from '../apps/server/src/testing/sign-in';
import { createTestApp } from '../apps/server/src/testing/test-app';
import { insertTestOrder } from '../apps/server/src/testing/test-orders';

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function invoiceRender() {
  const totals = computeTotals(
    Array.from({ length: 55 }, (_v, index) => ({
      description: `Photo book A4 hardcover, ${index + 20} pages, matt paper`,
      quantity: (index % 4) + 1,
      unitPrice: 1999 + index,
      supply: 'goods' as const,
    })),
    () => decideVat('NL', { destination: 'NL', vatId: null }, 'goods'),
  );
  const snapshot: InvoiceSnapshot = {
    invoiceNumber: 'NL-000042',
    issuedAt: '2026-11-20T09:30:00.000Z',
    suppliedAt: '2026-11-22T09:30:00.000Z',
    orderRef: 'NL-10023',
    locale: 'nl-NL',
    currency: 'EUR',
    seller: sellerFor('nl'),
    buyer: {
      companyName: 'Fotostudio Utrecht BV',
      addressLines: ['Oudegracht 1', '3511 AA Utrecht', 'Nederland'],
      country: 'NL',
      vatId: 'NL004495445B01',
    },
    missing: [],
    ...totals,
    paidAt: null,
    credits: null,
  };
  const document = invoiceDocument(snapshot, 'nl');
  const first = await renderPdf(document);
  const pages = (first.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  for (let i = 0; i < 3; i += 1) await renderPdf(document);
  const times: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const start = performance.now();
    await renderPdf(document);
    times.push(performance.now() - start);
  }
  console.log(
    `invoice PDF (${pages} pages, ${snapshot.lines.length} lines, ${(first.length / 1024).toFixed(0)} kB): ` +
      `median ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}`,
  );
}

async function projectsList() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-b2b-'));
  const db = await openPgliteDatabase(path.join(dir, 'db'));
  try {
    await migrate(db, migrationsDir);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO customers (email, password_hash) VALUES ('bench@example.com', 'x') RETURNING id`,
    );
    const ownerId = rows[0]!.id;
    const repository = createProjectsRepository(db);
    for (let index = 0; index < 500; index += 1) {
      await repository.upsert({
        id: uuidv7(),
        ownerId,
        storefrontId: 'nl',
        name: `Project ${index}`,
        productCode: 'PB_A4',
        productName: 'Photo book A4',
        changedAt: new Date(Date.now() - index * 3_600_000).toISOString(),
      });
      await repository.setPreview(
        ownerId,
        (await repository.listPage(ownerId, 0, 1)).projects[0]!.id,
        `k/${index}.webp`,
        1000,
      );
    }
    const service = createProjectsService({
      projects: repository,
      blobs: createLocalBlobStore(path.join(dir, 'blobs')),
    });
    const caller = { customerId: ownerId, isB2B: false, storefrontId: 'nl' };
    const read = async (page: number) =>
      ProjectPageSchema.parse(
        await service.list(caller, ownerId, { skip: (page - 1) * 10, limit: 10 }, 'https://www.photoshop.nl'),
      );
    for (let i = 0; i < 20; i += 1) await read(1 + (i % 50));
    const times: number[] = [];
    for (let i = 0; i < 500; i += 1) {
      const page = 1 + Math.floor(Math.random() * 50);
      const start = performance.now();
      await read(page);
      times.push(performance.now() - start);
    }
    console.log(
      `projects list (500 projects, pages of 10, PGlite): median ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}`,
    );
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One download over HTTP: total time, time to the first byte, bytes, and the largest RSS growth seen. */
function download(base: string, url: string, headers: Record<string, string>) {
  return new Promise<{ total: number; firstByte: number; bytes: number; rssGrowth: number }>(
    (resolve, reject) => {
      const start = performance.now();
      const rssAtStart = process.memoryUsage.rss();
      let firstByte = 0;
      let bytes = 0;
      let rssGrowth = 0;
      http
        .get(`${base}${url}`, { headers }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          response.on('data', (chunk: Buffer) => {
            if (bytes === 0) firstByte = performance.now() - start;
            bytes += chunk.length;
            rssGrowth = Math.max(rssGrowth, process.memoryUsage.rss() - rssAtStart);
          });
          response.on('end', () =>
            resolve({ total: performance.now() - start, firstByte, bytes, rssGrowth }),
          );
          response.on('error', reject);
        })
        .on('error', reject);
    },
  );
}

async function pdfFromZip() {
  const t = await createTestApp();
  try {
    const customers = createCustomersRepository(t.db);
    await seedDemoAccounts(customers);
    const customerId = (await customers.findActiveByEmail('demo@example.com'))!.id;
    const { orderId } = await insertTestOrder(t.db, customerId);
    const poster = await renderPdf(
      mapPosterDocument({
        place: 'Amsterdam',
        coordinates: '52.3676° N, 4.9041° E',
        orderCode: 'SO-BENCH',
        productCode: demoCatalogue.poster.code,
        createdAt: new Date('2026-11-20T10:00:00.000Z'),
      }),
    );
    // A print file's bulk is its raster: already compressed, so random bytes stand in for it.
    const bigPdf = Buffer.concat([poster, Buffer.from('\n%'), randomBytes(30 * 2 ** 20)]);
    const zip = await zipFiles([
      { name: 'print-files/map-poster-amsterdam.pdf', data: bigPdf },
      ...Array.from({ length: 8 }, (_v, index) => ({
        name: `print-files/card-${index + 1}.pdf`,
        data: Buffer.concat([poster, Buffer.from('\n%'), randomBytes(2 * 2 ** 20)]),
      })),
    ]);
    const pdfs = t.app.shopApi.pdfs;
    await pdfs.putArchiveFromShop(orderId, Readable.from([zip]));
    await pdfs.putPdfFromShop('BENCH-MAP', {
      orderId,
      lineId: 'l1',
      entry: 'print-files/map-poster-amsterdam.pdf',
      name: 'Map poster – Amsterdam',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    const products = t.app.shopApi.products;
    await products.putFromShop('BENCH_POSTER', {
      name: 'Poster',
      description: '',
      changedAt: '2026-11-20T10:00:00.000Z',
    });
    await products.putFileFromShop('BENCH_POSTER', {
      purpose: 'product.pdf',
      fileName: 'poster.pdf',
      contentType: 'application/pdf',
      body: Readable.from([bigPdf]),
    });
    const { headers } = await signIn(t, { email: 'demo@example.com' });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const fromZip = '/api/products/v1/pdf/me/BENCH-MAP';
    const plain = '/api/products/v1/Products/BENCH_POSTER/files/product.pdf';
    for (let i = 0; i < 3; i += 1) {
      await download(base, fromZip, headers);
      await download(base, plain, headers);
    }
    const zipped: Array<Awaited<ReturnType<typeof download>>> = [];
    const stored: Array<Awaited<ReturnType<typeof download>>> = [];
    for (let i = 0; i < 15; i += 1) {
      zipped.push(await download(base, fromZip, headers));
      stored.push(await download(base, plain, headers));
    }
    if (zipped.some((run) => run.bytes !== bigPdf.length))
      throw new Error('The PDF came out of the zip cut short');
    const median = (runs: typeof zipped, key: 'total' | 'firstByte' | 'rssGrowth') =>
      quantile(
        runs.map((run) => run[key]),
        0.5,
      );
    const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
    console.log(
      `PDF out of an order's zip (${mb(bigPdf.length)} entry of a ${mb(zip.length)} zip of 9): ` +
        `median ${ms(median(zipped, 'total'))}, first byte ${ms(median(zipped, 'firstByte'))}, ` +
        `RSS growth ${mb(median(zipped, 'rssGrowth'))}`,
    );
    console.log(
      `the same PDF stored whole (baseline): median ${ms(median(stored, 'total'))}, ` +
        `first byte ${ms(median(stored, 'firstByte'))}, RSS growth ${mb(median(stored, 'rssGrowth'))}; ` +
        `ratio ${(median(zipped, 'total') / median(stored, 'total')).toFixed(2)}`,
    );
  } finally {
    await t.close();
  }
}

await invoiceRender();
await projectsList();
await pdfFromZip();
