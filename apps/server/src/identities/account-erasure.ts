import { createHash } from 'node:crypto';
import type { InvoiceSnapshot } from '../invoices/invoice-document';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import type { BackgroundWork } from '../platform/job-queue';
import { uuidv7 } from '../platform/uuid';
import {
  createAccountErasureRepository,
  type AccountErasureRepository,
  type ErasedPerson,
} from './account-erasure.repository';

export const ACCOUNT_ERASE_JOB = 'account.erase';

/** Every folder of the blob store that holds one customer's files. */
export const customerBlobPrefixes = (customerId: string) => [
  `photos/${customerId}/`,
  `archives/${customerId}/`,
  `shop-held/${customerId}/`,
  `exports/${customerId}/`,
  `projects/${customerId}/`,
];

/**
 * What a deleted customer's kept invoices name them by (decision 104): the same for all of one
 * customer's invoices, so bookkeeping can still group them, and not traceable back to the person.
 */
export const erasedCustomerPseudonym = (customerId: string) =>
  `deleted-customer-${createHash('sha256').update(customerId).digest('hex').slice(0, 10)}`;

/** The invoice as kept: every printed field stays but the ones naming the person behind the account. */
function pseudonymised(snapshot: InvoiceSnapshot, person: ErasedPerson, pseudonym: string): InvoiceSnapshot {
  const lower = (value: string) => value.trim().toLowerCase();
  const contained = [person.email, `${person.first_name} ${person.last_name}`, person.phone ?? '']
    .map(lower)
    .filter((value) => value.length > 1);
  const whole = [person.first_name, person.last_name].map(lower).filter(Boolean);
  const names = (text: string) =>
    contained.some((value) => lower(text).includes(value)) || whole.includes(lower(text));
  return {
    ...snapshot,
    buyer: {
      ...snapshot.buyer,
      companyName: names(snapshot.buyer.companyName) ? pseudonym : snapshot.buyer.companyName,
      addressLines: snapshot.buyer.addressLines.map((line) => (names(line) ? pseudonym : line)),
    },
  };
}

/**
 * Erases a deleted account (decisions 101, 104). Each step may run again: files first, then every row
 * in one transaction (the customer row last, its foreign keys cascade to photos, albums, shares,
 * archives, selections, addresses, sessions, confirmation links, newsletter consent, orders with their
 * products and history, payments, prints checkouts, storage-expiry notices, saved projects, callback
 * secrets and deliveries), then the files once more, for any a job still running for the account wrote
 * meanwhile. Interrupted, the job is claimed again after a restart and goes through the same steps. A
 * live account is never touched.
 *
 * B2B invoices are kept (bookkeeping retention): in the same transaction their snapshot is
 * pseudonymised and they move to a new row of `customers` that holds nothing but the pseudonym, so the
 * cascade leaves them. Their stored PDFs (`invoices/…`) stay as issued.
 */
export function createAccountErasureWork(deps: { db: Database; blobs: BlobStore }): BackgroundWork {
  const { db, blobs } = deps;

  const eraseFiles = async (customerId: string) => {
    for (const prefix of customerBlobPrefixes(customerId)) await blobs.deletePrefix(prefix);
  };

  /** Moves the customer's invoices, pseudonymised, to a row holding only the pseudonym. */
  const keepInvoices = async (erasure: AccountErasureRepository, customerId: string) => {
    const invoices = await erasure.invoicesOf(customerId);
    if (invoices.length === 0) return;
    const person = await erasure.personOf(customerId);
    const pseudonym = erasedCustomerPseudonym(customerId);
    const holder = uuidv7();
    await erasure.insertInvoiceHolder(holder, pseudonym);
    for (const invoice of invoices) {
      await erasure.moveInvoice(invoice.id, holder, pseudonymised(invoice.snapshot, person, pseudonym));
    }
  };

  return {
    handlers: {
      [ACCOUNT_ERASE_JOB]: async (job) => {
        const { customerId } = job.payload as { customerId: string };
        const customer = await createAccountErasureRepository(db).findAccount(customerId);
        if (customer && !customer.deleted) return;
        await eraseFiles(customerId);
        if (customer) {
          await db.transaction(async (tx) => {
            const erasure = createAccountErasureRepository(tx);
            await keepInvoices(erasure, customerId);
            await erasure.endAllSessions(customerId);
            await erasure.deleteAccountRows(customerId, customer.email);
          });
        }
        await eraseFiles(customerId);
      },
    },
  };
}
