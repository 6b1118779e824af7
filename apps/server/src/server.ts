import { buildApp } from './app';
import { loadConfig } from './config';
import { createCustomersRepository } from './customers/customers.repository';
import { demoAccounts, seedDemoAccounts } from './demo/demo-accounts';
import { seedDemoOrders } from './demo/demo-orders';
import { seedDemoAlbums } from './demo/demo-albums';
import { seedDemoPdfs } from './demo/demo-pdfs';
import { seedDemoPhotoBooks } from './demo/demo-photo-book';
import { seedDemoPhotos } from './demo/demo-photos';
import { seedDemoProjects } from './demo/demo-projects';
import { seedLapsingDemoCustomer } from './demo/demo-storage';
import { createRateWindows } from './platform/rate-windows';
import { openStorage } from './platform/storage';
import { createWidgetsService } from './widgets/widgets.service';

const startedAt = performance.now();
const config = loadConfig();
const { db, blobs } = await openStorage(config);
if (config.demoData) {
  const customers = createCustomersRepository(db);
  await seedDemoAccounts(customers);
  const demoCustomer = await customers.findActiveByEmail('demo@example.com');
  const friend = await customers.findActiveByEmail('b2b@example.com');
  if (demoCustomer) await seedDemoPhotos(db, blobs, demoCustomer.id);
  await seedLapsingDemoCustomer(db, blobs, customers, new Date());
  if (demoCustomer && friend) {
    await seedDemoProjects(db, blobs, [
      { customerId: demoCustomer.id, storefrontId: 'nl', count: 13 },
      { customerId: friend.id, storefrontId: 'nl', count: 3 },
    ]);
    await seedDemoAlbums(db, blobs, config.limits, {
      customerId: demoCustomer.id,
      friendId: friend.id,
      customerEmail: demoCustomer.email,
    });
  }
}

const app = await buildApp({ config, db, blobs });
if (config.demoData) {
  // Placed through the shop-side service, as the shop places orders.
  const customers = createCustomersRepository(db);
  const accounts = await Promise.all(
    demoAccounts.map((account) => customers.findActiveByEmail(account.email)),
  );
  const present = accounts.filter((account) => account !== undefined);
  await seedDemoOrders(db, app.shopApi.orders, present, new Date());
  await seedDemoPdfs(
    db,
    app.shopApi,
    present.map((account) => account.id),
  );
  // The shop publishes the private demo customer's photo books once their orders exist.
  const demoCustomer = accounts.find((account) => account?.email === 'demo@example.com');
  if (demoCustomer) {
    await seedDemoPhotoBooks(
      db,
      createWidgetsService({ db, blobs, rateWindows: createRateWindows(db) }),
      demoCustomer.id,
    );
  }
}
await app.listen({ port: config.port, host: config.host });
app.log.info(
  { startupMs: Math.round(performance.now() - startedAt), url: `http://localhost:${config.port}` },
  'ready',
);

// Stopping (SIGTERM from an orchestrator, Ctrl-C): the listener closes, requests in flight are answered,
// push sockets are told to reconnect elsewhere (1012), running jobs get the grace period and the rest
// are handed back to another worker. A replica that hangs past that is ended all the same.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    setTimeout(() => {
      app.log.error('stopping took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 15_000).unref();
    void app
      .close()
      .then(() => db.close())
      .then(() => app.log.info('stopped'))
      .finally(() => process.exit(0));
  });
}
