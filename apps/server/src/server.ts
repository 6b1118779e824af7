import { buildApp } from './app';
import { loadConfig } from './config';
import { openPersistence } from './platform/persistence';

const startedAt = performance.now();
const config = loadConfig();
const { db, blobs } = await openPersistence(config);
// Loaded on a demo start only: a production start never holds the demo's code.
const demo = config.demoData ? await import('./demo/demo-data') : undefined;
await demo?.seedDemoLibraries({ db, blobs, limits: config.limits });
const app = await buildApp({ config, db, blobs });
await demo?.seedDemoShopData({ db, shopApi: app.shopApi });
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
