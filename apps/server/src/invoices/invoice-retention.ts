import type { BlobStore } from '../platform/blob-store';
import type { Clock } from '../platform/clock';
import type { BackgroundWork } from '../platform/job-queue';
import { sellersByStorefront } from './invoice-sellers';
import type { InvoicesRepository } from './invoices.repository';

export const INVOICE_RETENTION_JOB = 'invoices.retention';

/**
 * The first moment an invoice issued before may go: its retention runs to the end of the calendar
 * year of issue plus the seller's years (UTC), so at `now` every invoice issued before 1 January of
 * (this year − years) is past it.
 */
export const retentionCutoff = (now: Date, years: number): Date =>
  new Date(Date.UTC(now.getUTCFullYear() - years, 0, 1));

/**
 * Once a day, deletes the invoices an erased account left under a pseudonym (decision 104) whose
 * retention has passed, with their PDFs and, once empty, their holder row (decision 107). The PDF
 * goes first: a run cut short leaves a row past retention for the next run, never a file nobody
 * points to.
 */
export function createInvoiceRetentionWork(deps: {
  invoices: InvoicesRepository;
  blobs: BlobStore;
  clock: Clock;
}): BackgroundWork {
  return {
    handlers: {
      [INVOICE_RETENTION_JOB]: async () => {
        const now = deps.clock.now();
        const cutoffs = sellersByStorefront().map(([storefrontId, seller]) => ({
          storefrontId,
          issuedBefore: retentionCutoff(now, seller.invoiceRetentionYears),
        }));
        for (const invoice of await deps.invoices.keptPastRetention(cutoffs)) {
          if (invoice.pdfKey) await deps.blobs.delete(invoice.pdfKey);
          await deps.invoices.deleteKept(invoice.id);
        }
      },
    },
    schedules: [{ name: INVOICE_RETENTION_JOB, kind: INVOICE_RETENTION_JOB, everySeconds: 24 * 60 * 60 }],
  };
}
