import type { UsageLimits } from '../config';
import { createCustomersRepository } from '../customers/customers.repository';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import type { ShopApi } from '../shop-api/shop-api.module';
import { findDemoAccounts, seedDemoAccounts, seedDemoCompanies } from './demo-accounts';
import { seedDemoAlbums } from './demo-albums';
import { seedDemoOrders } from './demo-orders';
import { seedDemoPdfs } from './demo-pdfs';
import { seedDemoPhotoBooks } from './demo-photo-book';
import { seedDemoPhotos } from './demo-photos';
import { seedDemoProjects } from './demo-projects';
import { seedLapsingDemoCustomer } from './demo-storage-period';

/** The demo's accounts and what they keep in the library: written to storage before the app starts. */
export async function seedDemoLibraries(deps: { db: Database; blobs: BlobStore; limits: UsageLimits }) {
  const { db, blobs } = deps;
  const customers = createCustomersRepository(db);
  await seedDemoAccounts(customers);
  await seedDemoCompanies(db);
  const demoCustomer = await customers.findActiveByEmail('demo@example.com');
  const friend = await customers.findActiveByEmail('b2b@example.com');
  if (demoCustomer) await seedDemoPhotos(db, blobs, demoCustomer.id);
  await seedLapsingDemoCustomer(db, blobs, customers, new Date());
  if (demoCustomer && friend) {
    await seedDemoProjects(db, blobs, [
      { customerId: demoCustomer.id, storefrontId: 'nl', count: 13 },
      { customerId: friend.id, storefrontId: 'nl', count: 3 },
    ]);
    await seedDemoAlbums(db, blobs, deps.limits, {
      customerId: demoCustomer.id,
      friendId: friend.id,
      customerEmail: demoCustomer.email,
    });
  }
}

/** The demo's orders, print files and photo books: placed through the shop-side services, as the shop places them. */
export async function seedDemoShopData(deps: { db: Database; shopApi: ShopApi }) {
  const { db, shopApi } = deps;
  const customers = createCustomersRepository(db);
  const accounts = await findDemoAccounts(customers);
  await seedDemoOrders(db, shopApi.orders, accounts, new Date());
  await seedDemoPdfs(
    db,
    shopApi,
    accounts.map((account) => account.id),
  );
  // The shop publishes the private demo customer's photo books once their orders exist.
  const demoCustomer = accounts.find((account) => account.email === 'demo@example.com');
  if (demoCustomer) await seedDemoPhotoBooks(db, shopApi.photoBooks, demoCustomer.id);
}
