import type { FastifyInstance, RouteOptions } from 'fastify';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { AppConfig } from './config';
import { createAddressesModule } from './addresses/addresses.module';
import { createAuthSecretsRepository } from './auth/auth-secrets.repository';
import { createAuthModule } from './auth/auth.module';
import { createCustomersModule } from './customers/customers.module';
import { accountDataArchiveSource } from './data-export/data-export';
import { createDataExportModule } from './data-export/data-export.module';
import { createDownloadsModule } from './downloads/downloads.module';
import { createErrorReportsModule } from './error-reports/error-reports.module';
import { createIdentitiesModule } from './identities/identities.module';
import { createIntegrationModule } from './integration/integration.module';
import { invoiceConfirmedOrder } from './invoices/invoice-jobs';
import { createInvoicesModule } from './invoices/invoices.module';
import { createMailModule } from './mail/mail.module';
import { createMerchandiseModule } from './merchandise/merchandise.module';
import { createNewsletterModule } from './newsletter/newsletter.module';
import { createOrdersModule } from './orders/orders.module';
import { createPaymentMethodsModule } from './payment-methods/payment-methods.module';
import { createPaymentsModule } from './payments/payments.module';
import type { PhotoEventBus } from './photos/photo-events';
import { createPhotosModule } from './photos/photos.module';
import { createApiRouter } from './platform/api-router';
import { startBackgroundWork } from './platform/background-work';
import type { BlobStore } from './platform/blob-store';
import { movableClock, systemClock, type Clock } from './platform/clock';
import type { Database } from './platform/database';
import type { FeatureModule } from './platform/feature-module';
import { createHttpServer } from './platform/http-server';
import { registerOpenApiRoutes } from './platform/openapi.routes';
import { createRateWindows, type RateWindows } from './platform/rate-windows';
import { registerTestClockRoutes } from './platform/test-clock.routes';
import { startTracing, traceDatabase } from './platform/tracing';
import { registerWebApp } from './platform/web-app';
import { createPrintsOrdersModule } from './prints-orders/prints-orders.module';
import { createProductsModule } from './products/products.module';
import { createProjectsModule } from './projects/projects.module';
import type { CustomerPushBus } from './push/customer-push';
import { createPushModule } from './push/push.module';
import { createSharedAlbumsModule } from './shared-albums/shared-albums.module';
import { createShopApiModule, type ShopApi } from './shop-api/shop-api.module';
import { createStoragePeriodModule } from './storage-period/storage-period.module';
import { firstFetchesOf } from './storefronts/storefront.routes';
import { createStorefrontsModule } from './storefronts/storefronts.module';
import { createTempSelectionsModule } from './temp-selections/temp-selections.module';
import { createUploadModule } from './upload/upload.module';
import { createPhotoBooksModule } from './photo-books/photo-books.module';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs of this process; `drain()` resolves when none is runnable (tests, bench). */
    jobs: { drain(): Promise<void> };
    photoEvents: PhotoEventBus;
    push: CustomerPushBus;
    /** The shop-side API's services, for in-process callers (tests, demo seeding). */
    shopApi: ShopApi;
  }
}

export interface AppDependencies {
  config: AppConfig;
  db: Database;
  blobs: BlobStore;
  /** Pass `false` to silence logs (tests), or a pino options object. */
  logger?: boolean | { level: string };
  /** The time of time-based rules (orders in progress); tests pass a fixed one. */
  clock?: Clock;
  /** Where spans go when tracing is configured; by default the OTLP collector (tests pass an in-memory one). */
  spanProcessor?: SpanProcessor;
  /** Told of every route as it is registered (the OpenAPI coverage test). */
  onRoute?: (route: RouteOptions) => void;
  /** The wait before a failed job's next attempt; by default the queue's backoff (tests hold retries). */
  jobRetryDelaySeconds?: (attempts: number) => number;
}

/** The system's time, or in end-to-end tests one they can move forward at /dev/clock. */
function timeOfRules(app: FastifyInstance, testClock: boolean): Clock {
  if (!testClock) return systemClock;
  const clock = movableClock();
  registerTestClockRoutes(app, clock);
  return clock;
}

/**
 * Composes the whole system from explicit dependencies: the server, every feature's module (each
 * building its parts once), their routes and their jobs. `server.ts` only starts what this builds.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  // Off by default; with OTEL_EXPORTER_OTLP_ENDPOINT set, requests, jobs and SQL are traced (decision 114).
  const tracing =
    config.tracing &&
    startTracing(config.tracing, { replica: config.replicaId, spanProcessor: deps.spanProcessor });
  const db = tracing ? traceDatabase(deps.db) : deps.db;
  const rateWindows = createRateWindows(db);
  let pushConnections = () => 0;
  const { app, metrics } = await createHttpServer({
    config,
    db,
    rateWindows,
    logger: deps.logger,
    traced: Boolean(tracing),
    pushConnections: () => pushConnections(),
    onRoute: deps.onRoute,
  });
  const clock = deps.clock ?? timeOfRules(app, config.testClock);
  const { features, auth, push, photos, shopApi } = await createFeatures({
    app,
    config,
    db,
    blobs: deps.blobs,
    clock,
    rateWindows,
  });

  const targets = { app, api: createApiRouter(app, auth.authenticate), authenticate: auth.authenticate };
  for (const feature of features) await feature.routes?.(targets);
  registerOpenApiRoutes(app);
  const jobs = startBackgroundWork({
    db,
    config,
    logger: app.log,
    work: features.flatMap((feature) => feature.jobs ?? []),
    traced: Boolean(tracing),
    metrics,
    retryDelaySeconds: deps.jobRetryDelaySeconds,
  });
  pushConnections = push.connections;
  app.decorate('jobs', jobs);
  app.decorate('photoEvents', photos.events);
  app.decorate('push', push.bus);
  app.decorate('shopApi', shopApi.services);
  app.addHook('onClose', async () => {
    // Requests are answered by now; running jobs get the grace period, the rest go to another worker.
    await jobs.stop({ graceMs: config.shutdownGraceMs });
    for (const feature of features) await feature.close?.();
    await tracing?.shutdown();
  });

  await registerWebApp(app, config.webDistDir, { firstFetches: firstFetchesOf });
  return app;
}

/**
 * Every feature's module, built once from the shared dependencies and from the services of the
 * modules it needs; listed in the order their routes are registered.
 */
async function createFeatures(platform: {
  app: FastifyInstance;
  config: AppConfig;
  db: Database;
  blobs: BlobStore;
  clock: Clock;
  rateWindows: RateWindows;
}) {
  const { app, config, db } = platform;
  const merchandise = createMerchandiseModule();
  const payments = createPaymentsModule(platform);
  const storefrontSites = createStorefrontsModule({
    config,
    merchandise: merchandise.service,
    paymentsAvailable: payments.service.available,
  });
  const { resolver: storefronts, catalogues } = storefrontSites;
  const secrets = createAuthSecretsRepository(db);
  const shared = { ...platform, secrets, storefronts, catalogues, logger: app.log };
  const customers = createCustomersModule(shared);
  const auth = await createAuthModule({ ...shared, customers: customers.repository });
  const push = createPushModule({ ...shared, auth });
  const integration = await createIntegrationModule({ ...shared, customers: customers.service });
  const addresses = createAddressesModule(shared);
  const projects = createProjectsModule(shared);
  const products = createProductsModule({ ...shared, merchandise: merchandise.service });
  const photoBooks = createPhotoBooksModule(shared);
  const newsletter = await createNewsletterModule(shared);
  const paymentMethods = createPaymentMethodsModule({ ...shared, payments: payments.service });
  // Invoicing a confirmed order needs nothing built: its listener is handed to the order intake before
  // the invoices module, whose job reads the orders, exists. The order mails listen last.
  const orders = createOrdersModule({
    ...shared,
    customers: customers.repository,
    merchandise: merchandise.service,
    payments: payments.service,
    providerName: payments.providerName,
    paymentMethods: paymentMethods.repository,
    onOrderStateChanged: [integration.onOrderStateChanged, invoiceConfirmedOrder],
  });
  const photos = createPhotosModule({ ...shared, push: push.bus });
  const sharedAlbums = createSharedAlbumsModule({ ...shared, albums: photos.albums });
  const tempSelections = createTempSelectionsModule(shared);
  // 'Download my data' builds on the downloads service, whose archive job reads its source.
  const downloads = await createDownloadsModule({
    ...shared,
    push: push.bus,
    photos: photos.repository,
    sharedAlbums: sharedAlbums.archiveReader,
    accountData: accountDataArchiveSource(db, photos.repository),
  });
  const shopApi = await createShopApiModule({
    ...shared,
    customers: customers.repository,
    orders: orders.intake,
    projects: projects.service,
    pdfs: products.pdfs,
    products: products.service,
    photoBooks: photoBooks.service,
    newsletter: newsletter.service,
    sharedAlbums: sharedAlbums.service,
  });
  const features: FeatureModule[] = [
    storefrontSites,
    merchandise,
    createErrorReportsModule(),
    auth,
    customers,
    integration,
    createInvoicesModule({
      ...shared,
      customers: customers.repository,
      addresses: addresses.repository,
      orders: orders.repository,
      merchandise: merchandise.service,
    }),
    products,
    photoBooks,
    newsletter,
    shopApi,
    payments,
    paymentMethods,
    orders,
    addresses,
    createIdentitiesModule(shared),
    photos,
    sharedAlbums,
    createStoragePeriodModule({ ...shared, projects: projects.repository }),
    tempSelections,
    createPrintsOrdersModule({
      ...shared,
      tempSelections: tempSelections.service,
      merchandise: merchandise.service,
      payments: payments.service,
      customers: customers.repository,
      addresses: addresses.repository,
      intake: orders.intake,
      mails: orders.mails,
    }),
    push,
    downloads,
    createDataExportModule({ ...shared, downloads: downloads.service }),
    projects,
    createUploadModule({ ...shared, ingest: photos.ingest, albums: photos.albums }),
    createMailModule(shared),
  ];
  return { features, auth, push, photos, shopApi };
}
