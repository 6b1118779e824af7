import { hashPassword } from '../auth/password';
import type { CustomersRepository } from '../customers/customers.repository';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import { addMonths } from '../storage-period/storage-period';
import { STORAGE_PERIOD_MONTHS } from '@photo/contracts/storage-period';
import { DEMO_PASSWORD } from './demo-accounts';
import { seedDemoPhotos } from './demo-photos';

/** A private customer who never ordered, whose photos go in 12 days: the reactivation banner's critical case. */
export const LAPSING_DEMO_EMAIL = 'lapsing@example.com';
/** Twelve and a half: 'in 12 days' for the first half day after seeding, whatever minute it is. */
const DAYS_LEFT = 12.5;

/**
 * Seeds the lapsing demo customer once (decision 087): registered 18 months less 12 days before `now`,
 * without orders, with photos the shop holds for the library to import. A later start leaves them as
 * they are, so their days keep running out like a real customer's.
 */
export async function seedLapsingDemoCustomer(
  db: Database,
  blobs: BlobStore,
  customers: CustomersRepository,
  now: Date,
): Promise<void> {
  if (await customers.findActiveByEmail(LAPSING_DEMO_EMAIL)) return;
  const customer = await customers.insert({
    email: LAPSING_DEMO_EMAIL,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    firstName: 'Lotte',
    lastName: 'Laps',
    isB2B: false,
    status: 'Default',
  });
  const registered = addMonths(
    new Date(now.getTime() + DAYS_LEFT * 24 * 60 * 60 * 1000),
    -STORAGE_PERIOD_MONTHS,
  );
  await db.query('UPDATE customers SET registered_at = $2 WHERE id = $1', [
    customer.id,
    registered.toISOString(),
  ]);
  await seedDemoPhotos(db, blobs, customer.id);
}
