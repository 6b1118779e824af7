/**
 * Figures of issue 11, printed, never asserted.
 *
 * 1. Invoice PDF render time: a 3-page invoice (the one PDF renderer, DejaVu embedded, tagged),
 *    median and p95 of 30 renders after 3 warm-ups.
 * 2. Saved projects list: a customer with 500 projects on PGlite (a temp folder), every page of ten
 *    read through the service the route runs (repository, DTO mapping, response schema), median and
 *    p95 over 500 reads of random pages.
 *
 * Run from bench/: `npm run bench:b2b` (under a minute).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ProjectPageSchema } from '@photo/contracts/projects';
import { migrate, openPgliteDatabase } from '../apps/server/src/platform/database';
import { createLocalBlobStore } from '../apps/server/src/platform/blob-store';
import { renderPdf } from '../apps/server/src/platform/pdf-renderer';
import { uuidv7 } from '../apps/server/src/platform/uuid';
import { invoiceDocument, type InvoiceSnapshot } from '../apps/server/src/invoices/invoice-document';
import { computeTotals } from '../apps/server/src/invoices/invoice-rules';
import { sellerFor } from '../apps/server/src/invoices/invoice-sellers';
import { createProjectsRepository } from '../apps/server/src/projects/projects.repository';
import { createProjectsService } from '../apps/server/src/projects/projects.service';
import { migrationsDir } from '../apps/server/src/testing/test-database';

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
    })),
    2100,
  );
  const snapshot: InvoiceSnapshot = {
    invoiceNumber: 'NL-000042',
    issuedAt: '2026-11-20T09:30:00.000Z',
    orderRef: 'NL-10023',
    locale: 'nl-NL',
    currency: 'EUR',
    seller: sellerFor('nl'),
    buyer: {
      companyName: 'Fotostudio Brugge BV',
      addressLines: ['Markt 1', '8000 Brugge', 'BE'],
      country: 'BE',
      vatId: null,
    },
    lines: totals.lines,
    vatTreatment: 'domestic',
    vatRate: 2100,
    net: totals.net,
    vat: totals.vat,
    gross: totals.gross,
  };
  const document = invoiceDocument(snapshot);
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

await invoiceRender();
await projectsList();
