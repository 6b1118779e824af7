import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import type { BackgroundWork } from '../platform/job-queue';

export const ACCOUNT_ERASE_JOB = 'account.erase';

/** Every folder of the blob store that holds one customer's files. */
export const customerBlobPrefixes = (customerId: string) => [
  `photos/${customerId}/`,
  `archives/${customerId}/`,
  `shop-held/${customerId}/`,
  `exports/${customerId}/`,
];

/**
 * Erases a deleted account (decision 101). Each step may run again: files first, then every row in
 * one transaction (the customer row last, its foreign keys cascade to photos, albums, shares, archives,
 * selections, addresses, sessions and confirmation links), then the files once more, for any a job
 * still running for the account wrote meanwhile. Interrupted, the job is claimed again after a
 * restart and goes through the same steps. A live account is never touched.
 */
export function createAccountErasureWork(deps: { db: Database; blobs: BlobStore }): BackgroundWork {
  const { db, blobs } = deps;

  const eraseFiles = async (customerId: string) => {
    for (const prefix of customerBlobPrefixes(customerId)) await blobs.deletePrefix(prefix);
  };

  return {
    handlers: {
      [ACCOUNT_ERASE_JOB]: async (job) => {
        const { customerId } = job.payload as { customerId: string };
        const { rows } = await db.query<{ email: string; deleted: boolean }>(
          'SELECT email, deleted_at IS NOT NULL AS deleted FROM customers WHERE id = $1',
          [customerId],
        );
        const customer = rows[0];
        if (customer && !customer.deleted) return;
        await eraseFiles(customerId);
        if (customer) {
          await db.transaction(async (tx) => {
            await tx.query('DELETE FROM sessions WHERE customer_id = $1', [customerId]);
            await tx.query(`DELETE FROM oidc_payloads WHERE payload->>'accountId' = $1`, [customerId]);
            await tx.query('DELETE FROM account_registrations WHERE customer_id = $1', [customerId]);
            await tx.query('DELETE FROM deleted_photos WHERE owner_id = $1', [customerId]);
            await tx.query('DELETE FROM photo_storage_usage WHERE owner_id = $1', [customerId]);
            await tx.query(`DELETE FROM rate_windows WHERE key LIKE '%' || $1 || '%'`, [customerId]);
            // Mails already delivered to the account's address (their bodies held its links and name).
            await tx.query(
              `DELETE FROM mail_outbox WHERE lower(recipient) = lower($1) AND state <> 'queued'`,
              [customer.email],
            );
            await tx.query('DELETE FROM customers WHERE id = $1', [customerId]);
          });
        }
        await eraseFiles(customerId);
      },
    },
  };
}
