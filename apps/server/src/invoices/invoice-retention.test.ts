import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/password';
import { createCustomersRepository } from '../customers/customers.repository';
import { ACCOUNT_ERASE_JOB } from '../identities/account-erasure';
import { fixedClock } from '../platform/clock';
import { enqueueJob } from '../platform/job-queue';
import { uuidv7 } from '../platform/uuid';
import { createTestApp, type TestApp } from '../testing/test-app';
import type { InvoiceSnapshot } from './invoice-document';
import { INVOICE_RETENTION_JOB } from './invoice-retention';
import { sellerFor } from './invoice-sellers';
import { createInvoicesRepository } from './invoices.repository';

describe(`invoices kept after an account's erasure go when their retention ends (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  const clock = fixedClock('2025-06-01T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
  });
  afterAll(() => t.close());

  const newBusiness = async () =>
    (
      await createCustomersRepository(t.db).insert({
        email: `${uuidv7()}@example.com`,
        passwordHash: await hashPassword('a-good-password'),
        firstName: 'Tess',
        lastName: 'Temp',
        isB2B: true,
        status: 'Default',
      })
    ).id;

  /** An invoice as the invoices job issues it, with its stored PDF. */
  const invoiceOf = async (customerId: string, storefrontId: string, issuedAt: string) => {
    const invoices = createInvoicesRepository(t.db);
    const number = await invoices.takeNumber(t.db, storefrontId);
    const invoiceNumber = `${storefrontId.toUpperCase()}-${number}`;
    const snapshot = {
      invoiceNumber,
      buyer: { companyName: 'Tess Temp', addressLines: ['Damrak 1'], country: 'NL', vatId: null },
    } as unknown as InvoiceSnapshot;
    const invoice = await invoices.insert(t.db, {
      id: uuidv7(),
      customerId,
      storefrontId,
      number,
      invoiceNumber,
      orderId: uuidv7(),
      orderRef: invoiceNumber,
      issuedAt,
      currency: 'EUR',
      grossTotal: 2995,
      missingDetails: [],
      snapshot,
    });
    const pdfKey = `invoices/${customerId}/${invoice.id}.pdf`;
    await t.blobs.put(pdfKey, Buffer.from('%PDF'), 'application/pdf');
    await invoices.setPdf(invoice.id, pdfKey, 4);
    return { id: invoice.id, pdfKey };
  };

  /** The account deleted and erased by the real job: its invoices move to a pseudonym holder. */
  const erase = async (customerId: string) => {
    await createCustomersRepository(t.db).markDeleted(customerId);
    await enqueueJob(t.db, ACCOUNT_ERASE_JOB, { customerId });
    await t.app.jobs.drain();
  };

  const runRetentionAt = async (at: string) => {
    clock.set(at);
    await enqueueJob(t.db, INVOICE_RETENTION_JOB, {});
    await t.app.jobs.drain();
  };

  const kept = async (invoice: { id: string; pdfKey: string }) => {
    const { rows } = await t.db.query('SELECT 1 FROM invoices WHERE id = $1', [invoice.id]);
    return { row: rows.length === 1, pdf: (await t.blobs.stat(invoice.pdfKey)) !== undefined };
  };
  const holderOf = async (invoiceId: string) =>
    (
      await t.db.query<{ id: string }>(
        'SELECT c.id FROM customers c JOIN invoices i ON i.customer_id = c.id WHERE i.id = $1',
        [invoiceId],
      )
    ).rows[0]?.id;
  const customerExists = async (id: string) =>
    (await t.db.query('SELECT 1 FROM customers WHERE id = $1', [id])).rows.length === 1;

  it('keeps each seller’s invoices to the end of the year of issue plus its years, then deletes them, their PDFs and their holder', async () => {
    expect(sellerFor('nl').invoiceRetentionYears).toBe(7);
    expect(sellerFor('fr').invoiceRetentionYears).toBe(10);
    const erased = await newBusiness();
    const dutch = await invoiceOf(erased, 'nl', '2018-12-31T23:59:59Z');
    const french = await invoiceOf(erased, 'fr', '2018-03-01T10:00:00Z');
    await erase(erased);
    const holder = (await holderOf(dutch.id))!;
    expect(holder).not.toBe(erased);

    // 2018 + 7 years: the Dutch invoice is kept through 31 December 2025.
    await runRetentionAt('2025-12-31T23:59:59.999Z');
    expect(await kept(dutch)).toEqual({ row: true, pdf: true });

    await runRetentionAt('2026-01-01T00:00:00Z');
    expect(await kept(dutch)).toEqual({ row: false, pdf: false });
    // The French seller keeps invoices 10 years: this one, and so its holder, stay.
    expect(await kept(french)).toEqual({ row: true, pdf: true });
    expect(await customerExists(holder)).toBe(true);

    await runRetentionAt('2029-01-01T00:00:00Z');
    expect(await kept(french)).toEqual({ row: false, pdf: false });
    expect(await customerExists(holder)).toBe(false);
  });

  it('never deletes a live customer’s invoices, however old, nor a deleted account’s before its erasure', async () => {
    const live = await newBusiness();
    const old = await invoiceOf(live, 'nl', '2001-05-01T00:00:00Z');
    const leaving = await newBusiness();
    const pending = await invoiceOf(leaving, 'nl', '2001-05-01T00:00:00Z');
    await createCustomersRepository(t.db).markDeleted(leaving);

    await runRetentionAt('2030-01-01T00:00:00Z');
    expect(await kept(old)).toEqual({ row: true, pdf: true });
    expect(await kept(pending)).toEqual({ row: true, pdf: true });
    expect(await customerExists(live)).toBe(true);
  });

  it('refuses a live account marked as an invoice holder', async () => {
    const live = await newBusiness();
    await expect(
      t.db.query('UPDATE customers SET invoice_holder = true WHERE id = $1', [live]),
    ).rejects.toThrow(/customers_invoice_holder_is_deleted/);
  });
});
