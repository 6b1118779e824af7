import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { CORRELATION_HEADER } from '@photo/contracts/errors';
import type { AppConfig } from './config';
import { createAddressesRepository } from './addresses/addresses.repository';
import { registerAddressRoutes } from './addresses/addresses.routes';
import { createAddressesService } from './addresses/addresses.service';
import { registerAuth } from './auth/auth.module';
import { createCustomersRepository } from './customers/customers.repository';
import { registerCustomerRoutes } from './customers/customers.routes';
import { createCustomersService } from './customers/customers.service';
import { registerErrorReportRoutes } from './error-reports/error-reports.routes';
import { createAccountErasureWork } from './identities/account-erasure';
import { registerIdentityRoutes } from './identities/identities.routes';
import { createIdentitiesService } from './identities/identities.service';
import { registerNewsletterRoutes } from './newsletter/newsletter.routes';
import { createNewsletterService } from './newsletter/newsletter.service';
import { registerOneClickUnsubscribeRoutes } from './newsletter/one-click-unsubscribe.routes';
import { createUnsubscribeTokens, loadUnsubscribeKeys } from './newsletter/unsubscribe-tokens';
import { randomBytes } from 'node:crypto';
import { createMailJobHandlers } from './mail/mail-outbox.service';
import { captureTransport, createSmtpTransport } from './mail/mail-transport';
import { registerMailboxRoutes } from './mail/mailbox.routes';
import path from 'node:path';
import { accountDataArchiveSource, registerDataExportRoutes } from './data-export/data-export';
import { createArchiveEvents } from './downloads/archive-events';
import { createArchiveWork, libraryArchiveSource, sharedAlbumArchiveSource } from './downloads/archive-job';
import { createDownloadsRepository } from './downloads/downloads.repository';
import { registerDownloadRoutes } from './downloads/downloads.routes';
import { createDownloadsService, type SharedAlbumReader } from './downloads/downloads.service';
import { registerMerchandiseRoutes } from './merchandise/merchandise.routes';
import { createMerchandiseService } from './merchandise/merchandise.service';
import { createPaymentsRepository } from './payments/payments.repository';
import { registerPaymentMethodRoutes } from './payment-methods/payment-methods.routes';
import { createPaymentMethodsRepository } from './payment-methods/payment-methods.repository';
import { createPaymentMethodsService } from './payment-methods/payment-methods.service';
import { registerPaymentReturnRoute, registerTestPaymentPages } from './payments/payments.routes';
import { createPaymentsService } from './payments/payments.service';
import { createTestPaymentProvider, testPaymentsHousekeeping } from './payments/test-payment-provider';
import { createTestPaymentsRepository } from './payments/test-payments.repository';
import { createPhotoEventBus, type PhotoEventBus } from './photos/photo-events';
import { createPhotoIngestService } from './photos/photo-ingest.service';
import { createPhotoJobHandlers } from './photos/photo-jobs';
import { createExifToolDateReader } from './photos/processing/exiftool-dates';
import { createPhotosRepository } from './photos/photos.repository';
import { registerPhotoRoutes } from './photos/photos.routes';
import { createPhotosService } from './photos/photos.service';
import { createCustomerPushBus, type CustomerPushBus } from './push/customer-push';
import { registerPushRoutes } from './push/push.routes';
import { createAlbumsRepository } from './photos/albums.repository';
import { registerAlbumRoutes } from './photos/albums.routes';
import { createAlbumsService } from './photos/albums.service';
import { sendAlbumInvitationMail } from './share/album-invitation-mail';
import { createShareRepository } from './share/share.repository';
import { registerShareRoutes } from './share/share.routes';
import { createShareServiceFor } from './share/share.service';
import { createLibraryExpiryWork } from './storage/library-expiry.job';
import { createStorageRepository } from './storage/storage.repository';
import { registerStorageRoutes } from './storage/storage.routes';
import { createStorageService } from './storage/storage.service';
import { createPrintsCheckoutsRepository } from './prints-orders/prints-checkouts.repository';
import { registerPrintsOrderRoutes } from './prints-orders/prints-orders.routes';
import { createPrintsOrdersService, deliveryAddressOf } from './prints-orders/prints-orders.service';
import { createTempSelectionsRepository } from './temp-selections/temp-selections.repository';
import { registerTempSelectionRoutes } from './temp-selections/temp-selections.routes';
import {
  createTempSelectionsService,
  TEMP_SELECTIONS_HOUSEKEEPING_JOB,
} from './temp-selections/temp-selections.service';
import { registerUploadRoutes } from './upload/upload.routes';
import { createTokenCipher } from './auth/token-cipher';
import { accountBuyerReader } from './invoices/invoice-buyer';
import { createInvoiceWork, invoiceConfirmedOrder } from './invoices/invoice-jobs';
import { createInvoiceRetentionWork } from './invoices/invoice-retention';
import { createInvoicesRepository } from './invoices/invoices.repository';
import { registerInvoiceRoutes } from './invoices/invoices.routes';
import { createInvoicesService } from './invoices/invoices.service';
import { createCallbackWork } from './integration/callback-delivery';
import { createCallbackUrlGuard } from './integration/callback-url-guard';
import { createIntegrationRepository } from './integration/integration.repository';
import { registerIntegrationRoutes } from './integration/integration.routes';
import { createIntegrationService } from './integration/integration.service';
import { createOrderPdfsRepository } from './products/order-pdfs.repository';
import { createOrderPdfsService } from './products/order-pdfs.service';
import { createProductInformationRepository } from './products/product-information.repository';
import { registerProductRoutes } from './products/products.routes';
import { createProductsService } from './products/products.service';
import { createProjectsRepository } from './projects/projects.repository';
import { registerProjectRoutes } from './projects/projects.routes';
import { createProjectsService } from './projects/projects.service';
import { validatePostalAddress } from './addresses/address-validator';
import { createOrdersRepository } from './orders/orders.repository';
import { registerOrderRoutes } from './orders/orders.routes';
import { createOrdersService } from './orders/orders.service';
import { createOrderIntakeService } from './orders/order-intake.service';
import { createOrderMails } from './orders/order-mails';
import { createOrderPaymentsService } from './orders/order-payments.service';
import { createReorderService } from './orders/reorder.service';
import { registerTestClockRoutes } from './platform/test-clock.routes';
import { movableClock, systemClock, type Clock } from './platform/clock';
import { registerShopApi, type ShopApi } from './shop-api/shop-api.module';
import { startJobWorker, type BackgroundWork } from './platform/job-queue';
import { createApiRouter } from './platform/api-router';
import { createAuthSecretsRepository } from './auth/auth-secrets.repository';
import { createBlobLinks, registerBlobLinkRoute } from './platform/blob-links';
import type { BlobStore } from './platform/blob-store';
import { correlationIdFor } from './platform/correlation';
import type { Database } from './platform/database';
import { installErrorHandler } from './platform/errors';
import type { Server } from 'node:http';
import { createMetrics, serveMetrics } from './platform/metrics';
import { startTracing, traceDatabase, traceJobs, traceRequests } from './platform/tracing';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import { rateWindowsStore } from './platform/rate-limit-store';
import { createLocaleCatalogues } from './storefronts/locale-catalogues';
import { registerWidgetRoutes } from './widgets/widgets.routes';
import { createWidgetsService } from './widgets/widgets.service';
import { createRateWindows } from './platform/rate-windows';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerWebApp } from './platform/web-app';
import { registerStorefrontRoutes } from './storefronts/storefront.routes';
import { createStorefrontResolver, type ResolvedStorefront } from './storefronts/storefronts';
import { renderChannelNotFound } from './storefronts/channel-not-found.page';

declare module 'fastify' {
  interface FastifyRequest {
    storefront: ResolvedStorefront;
  }
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
}

/** Which replica answered (operators and the cluster tests read it). */
export const REPLICA_HEADER = 'x-replica';

const hostIndependentPaths = new Set(['/healthz', '/readyz']);

/** The system's time, or in end-to-end tests one they can move forward at /dev/clock. */
function timeOfRules(app: FastifyInstance, testClock: boolean): Clock {
  if (!testClock) return systemClock;
  const clock = movableClock();
  registerTestClockRoutes(app, clock);
  return clock;
}

/** Composes the whole system from explicit dependencies; `server.ts` only starts what this builds. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  // Off by default; with OTEL_EXPORTER_OTLP_ENDPOINT set, requests, jobs and SQL are traced (decision 114).
  const tracing =
    config.tracing &&
    startTracing(config.tracing, { replica: config.replicaId, spanProcessor: deps.spanProcessor });
  const db = tracing ? traceDatabase(deps.db) : deps.db;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel, base: { replica: config.replicaId } },
    genReqId: correlationIdFor,
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    // Only the configured proxies may name the client's address: the rate limits count by it.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
  });

  installErrorHandler(app);
  if (tracing) traceRequests(app);
  // Off by default; with METRICS_PORT set, every answer and job is counted (decision 113).
  let pushConnections = () => 0;
  const metrics =
    config.metricsPort === undefined
      ? undefined
      : createMetrics({ db, replica: config.replicaId, pushConnections: () => pushConnections() });
  metrics?.observeRequests(app);
  await registerSecurityHeaders(app, {
    supportChatScriptUrl: config.supportChatScriptUrl,
    publicScheme: config.publicScheme,
  });
  // JSON pages of photos and the web app's scripts travel compressed; images are left as they are.
  await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: 1024 });
  await app.register(formbody);
  const rateWindows = createRateWindows(db);
  // Route limits count in the database: every replica counts together.
  await app.register(rateLimit, { global: false, store: rateWindowsStore(rateWindows) });

  const storefronts = createStorefrontResolver(config);
  app.decorateRequest('storefront', null as unknown as ResolvedStorefront);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(CORRELATION_HEADER, request.id);
    void reply.header(REPLICA_HEADER, config.replicaId);
    const pathname = request.url.split('?')[0]!;
    if (hostIndependentPaths.has(pathname)) return;
    const resolved = storefronts.resolve(request.headers.host);
    if (!resolved) {
      request.log.warn({ host: request.headers.host }, 'channel not found');
      return reply.status(404).type('text/html; charset=utf-8').send(renderChannelNotFound(request.id));
    }
    request.storefront = resolved;
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    await db.query('SELECT 1');
    return reply.send({ status: 'ready' });
  });

  // One payment provider for every purpose (decision 086). The local test page only where a demo or
  // test start switched it on (TEST_PAYMENTS); a production start refuses that switch. Without a
  // provider nothing is paid here: the own prints-order page is off, and so are reorder and 'Pay now'.
  const testPayments = config.testPayments ? createTestPaymentsRepository(db) : undefined;
  const paymentProvider = testPayments && createTestPaymentProvider(testPayments);
  const merchandise = createMerchandiseService();
  const catalogues = createLocaleCatalogues(config.localesDir);
  registerStorefrontRoutes(app, {
    catalogues,
    hostnames: storefronts.hostnames,
    supportChatScriptUrl: config.supportChatScriptUrl,
    // The shop's own prints editor takes its own payments; this product's page needs a provider.
    printsOrdering:
      config.printsOrdering && (config.printsEditorUrl !== undefined || paymentProvider !== undefined),
    printsEditorUrl: config.printsEditorUrl,
    nativeAppUrl: config.nativeAppUrl,
    merchandise,
  });
  await registerMerchandiseRoutes(app, { merchandise });
  registerErrorReportRoutes(app);

  const customersRepository = createCustomersRepository(db);
  const auth = await registerAuth(app, {
    config,
    db,
    storefronts,
    customers: customersRepository,
    rateWindows,
  });
  const api = createApiRouter(app, auth.authenticate);
  const customers = createCustomersService(customersRepository);
  registerCustomerRoutes(api, customers);
  // Callback secrets are kept sealed with this server's key: a database dump alone cannot sign.
  const callbackKey = await createAuthSecretsRepository(db).getOrCreate(
    'integration.callback-key',
    async () => randomBytes(32).toString('base64url'),
  );
  const callbackCipher = createTokenCipher(Buffer.from(callbackKey, 'base64url'));
  const checkCallbackUrl = createCallbackUrlGuard({
    allowedOrigins: config.integration.callbackAllowedOrigins,
  });
  const integrationRepository = createIntegrationRepository(db);
  const integration = createIntegrationService({
    db,
    integration: integrationRepository,
    customers,
    checkUrl: checkCallbackUrl,
    cipher: callbackCipher,
    config: config.integration,
  });
  registerIntegrationRoutes(api, integration);
  const invoicesRepository = createInvoicesRepository(db);
  const invoices = createInvoicesService({
    db,
    invoices: invoicesRepository,
    blobs: deps.blobs,
    readBuyer: accountBuyerReader({
      customers: customersRepository,
      addresses: createAddressesRepository(db),
    }),
  });
  registerInvoiceRoutes(app, api, { invoices, blobs: deps.blobs, authenticate: auth.authenticate });

  const projectsRepository = createProjectsRepository(db);
  const projects = createProjectsService({ projects: projectsRepository, blobs: deps.blobs });
  const orderPdfs = createOrderPdfsService({
    pdfs: createOrderPdfsRepository(db),
    blobs: deps.blobs,
    merchandise,
  });
  const products = createProductsService({
    products: createProductInformationRepository(db),
    blobs: deps.blobs,
    merchandise,
  });
  registerProductRoutes(app, api, {
    products,
    pdfs: orderPdfs,
    blobs: deps.blobs,
    authenticate: auth.authenticate,
  });
  const widgets = createWidgetsService({ db, blobs: deps.blobs, rateWindows });
  await registerWidgetRoutes(app, api, {
    widgets,
    blobs: deps.blobs,
    authenticate: auth.authenticate,
    catalogues,
  });
  // Unsubscribe addresses are signed with keys of this server, kept for every replica (decision 119).
  const newsletter = createNewsletterService({
    db,
    rateWindows,
    unsubscribeTokens: createUnsubscribeTokens(await loadUnsubscribeKeys(createAuthSecretsRepository(db))),
    storefronts,
  });
  registerNewsletterRoutes(api, newsletter);
  await registerOneClickUnsubscribeRoutes(app, { newsletter, catalogues });
  const orderMails = createOrderMails({
    db,
    merchandise,
    storefronts,
    sentMails: config.orderSentMails,
  });
  // B2B callbacks, invoices and the 'sent' mail follow the shop's order state changes, in the changes' transactions.
  const orderIntake = createOrderIntakeService({
    db,
    customers: customersRepository,
    onStateChanged: [integration.onOrderStateChanged, invoiceConfirmedOrder, orderMails.onOrderStateChanged],
  });
  const shopApi = await registerShopApi(app, {
    config,
    db,
    customers: customersRepository,
    orders: orderIntake,
    projects,
    pdfs: orderPdfs,
    products,
    widgets,
    newsletter,
  });
  const clock = deps.clock ?? timeOfRules(app, config.testClock);
  const payments = createPaymentsService({
    payments: createPaymentsRepository(db),
    provider: paymentProvider,
    clock,
  });
  registerPaymentReturnRoute(app, { payments, authenticate: auth.authenticate });
  if (testPayments) registerTestPaymentPages(app, { sessions: testPayments });
  const paymentMethods = createPaymentMethodsRepository(db);
  registerPaymentMethodRoutes(api, createPaymentMethodsService({ paymentMethods, payments }));
  const ordersRepository = createOrdersRepository(db);
  const orderPayments = createOrderPaymentsService({
    orders: ordersRepository,
    shop: orderIntake,
    payments,
    mails: orderMails,
    clock,
  });
  registerOrderRoutes(api, {
    orders: createOrdersService({
      orders: ordersRepository,
      merchandise,
      orderPayments,
      clock,
      validateAddress: validatePostalAddress,
    }),
    reorder: createReorderService({
      orders: ordersRepository,
      shop: orderIntake,
      merchandise,
      paymentMethods,
      orderPayments,
      mails: orderMails,
      paymentsAvailable: payments.available,
      providerName: paymentProvider?.name,
      clock,
    }),
    orderPayments,
  });
  registerAddressRoutes(api, createAddressesService(db));
  registerIdentityRoutes(api, createIdentitiesService({ db, rateWindows, clock }), config.publicScheme);

  const push = createCustomerPushBus(db);
  const photoEvents = createPhotoEventBus(push);
  const photosRepository = createPhotosRepository(db);
  const ingest = createPhotoIngestService(db, deps.blobs, { rateWindows, limits: config.limits });
  registerPhotoRoutes(app, api, {
    photos: createPhotosService(db, photosRepository),
    blobs: deps.blobs,
    authenticate: auth.authenticate,
  });
  const albumsRepository = createAlbumsRepository(db);
  registerAlbumRoutes(api, createAlbumsService(albumsRepository));
  registerShareRoutes(app, api, {
    shares: createShareServiceFor(db, sendAlbumInvitationMail),
    blobs: deps.blobs,
    authenticate: auth.authenticate,
  });
  registerStorageRoutes(
    api,
    createStorageService({
      storage: createStorageRepository(db),
      clock,
      countProjects: (customerId) => projectsRepository.countOwned(customerId),
    }),
  );
  const tempSelections = createTempSelectionsRepository(db);
  const tempSelectionsService = createTempSelectionsService(tempSelections);
  registerTempSelectionRoutes(api, tempSelectionsService);
  const printsOrders = createPrintsOrdersService({
    checkouts: createPrintsCheckoutsRepository(db),
    tempSelections: tempSelectionsService,
    merchandise,
    payments,
    customers: customersRepository,
    shop: orderIntake,
    mails: orderMails,
    findDeliveryAddress: async (customerId, addressId) => {
      const address = await createAddressesRepository(db).find(customerId, addressId);
      return address && deliveryAddressOf(address);
    },
    clock,
  });
  registerPrintsOrderRoutes(api, printsOrders);
  const pushRoutes = await registerPushRoutes(app, {
    push,
    authenticateUpgrade: auth.authenticateUpgrade,
    verifyToken: auth.verifyAccessToken,
  });

  // Signed links of files in a folder store are this server's own; S3 presigns its own instead.
  const blobLinkKey = await createAuthSecretsRepository(db).getOrCreate('blobs.link-key', async () =>
    randomBytes(32).toString('base64url'),
  );
  const blobLinks = createBlobLinks(deps.blobs, Buffer.from(blobLinkKey, 'base64url'));
  registerBlobLinkRoute(app, { blobs: deps.blobs, verify: blobLinks.verify });
  const sharedAlbumReader: SharedAlbumReader = {
    mayRead: async (customerId, albumId) =>
      (await createShareRepository(db).roleOf(albumId, customerId)) !== undefined,
    photosIn: (albumId, photoIds) => albumsRepository.findPhotos(albumId, photoIds),
  };
  const downloadsService = createDownloadsService({
    db,
    downloads: createDownloadsRepository(db),
    photos: photosRepository,
    sharedAlbums: sharedAlbumReader,
    links: blobLinks.links,
  });
  registerDownloadRoutes(api, { downloads: downloadsService });
  registerDataExportRoutes(api, { db, downloads: downloadsService });
  registerProjectRoutes(app, api, { projects, blobs: deps.blobs, authenticate: auth.authenticate });

  const uploads = await registerUploadRoutes(app, {
    authenticate: auth.authenticate,
    ingest,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    // With a shared bucket, uploads in progress are shared too: any replica continues any of them.
    shared: config.s3 ? { db, blobs: deps.blobs } : undefined,
    albums: albumsRepository,
  });

  // Without a relay, mails stay in the outbox and the local mailbox shows them.
  const mailTransport = config.mail.smtpUrl
    ? createSmtpTransport({ url: config.mail.smtpUrl, fromAddress: config.mail.fromAddress })
    : captureTransport;
  if (config.mail.mailboxEnabled) await registerMailboxRoutes(app, { db });

  const dates = createExifToolDateReader();
  const background: BackgroundWork[] = [
    {
      handlers: createPhotoJobHandlers({
        db,
        blobs: deps.blobs,
        events: photoEvents,
        ingest,
        logger: app.log,
        dates,
      }),
    },
    { handlers: createMailJobHandlers({ db, transport: mailTransport, logger: app.log }) },
    createArchiveWork({
      db,
      blobs: deps.blobs,
      events: createArchiveEvents(push),
      sources: {
        library: libraryArchiveSource(photosRepository),
        'shared-album': sharedAlbumArchiveSource(sharedAlbumReader),
        'my-data': accountDataArchiveSource(db, photosRepository),
      },
    }),
    auth.background,
    createLibraryExpiryWork({ db, clock, storefronts, logger: app.log }),
    ...(testPayments ? [testPaymentsHousekeeping(testPayments)] : []),
    uploads.background,
    createAccountErasureWork({ db, blobs: deps.blobs }),
    createCallbackWork({
      integration: integrationRepository,
      checkUrl: checkCallbackUrl,
      cipher: callbackCipher,
    }),
    createInvoiceWork({ invoices, orders: ordersRepository, merchandise }),
    createInvoiceRetentionWork({ invoices: invoicesRepository, blobs: deps.blobs, clock }),
    printsOrders.background,
    payments.background,
    {
      // Expired selections are never served; this only keeps the table small.
      handlers: { [TEMP_SELECTIONS_HOUSEKEEPING_JOB]: () => tempSelections.deleteExpired() },
      schedules: [
        {
          name: TEMP_SELECTIONS_HOUSEKEEPING_JOB,
          kind: TEMP_SELECTIONS_HOUSEKEEPING_JOB,
          everySeconds: 3600,
        },
      ],
    },
  ];
  const jobHandlers = Object.assign(
    {},
    ...background.map((work) => work.handlers),
  ) as BackgroundWork['handlers'];
  const jobs = startJobWorker({
    db,
    logger: app.log,
    concurrency: config.jobConcurrency,
    leaseSeconds: config.jobLeaseSeconds,
    onJobEnded: metrics && ((kind, outcome, seconds) => metrics.jobFinished(kind, outcome, seconds)),
    handlers: tracing ? traceJobs(jobHandlers) : jobHandlers,
    schedules: background.flatMap((work) => work.schedules ?? []),
  });
  pushConnections = () => pushRoutes.connections();
  if (metrics && config.metricsPort !== undefined) {
    const metricsPort = config.metricsPort;
    let metricsServer: Server | undefined;
    app.addHook('onReady', async () => {
      metricsServer = await serveMetrics(metrics, config.host, metricsPort);
    });
    app.addHook('onClose', async () => {
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    });
  }
  app.decorate('jobs', jobs);
  app.decorate('photoEvents', photoEvents);
  app.decorate('push', push);
  app.decorate('shopApi', shopApi);
  app.addHook('onClose', async () => {
    // Requests are answered by now; running jobs get the grace period, the rest go to another worker.
    await jobs.stop({ graceMs: config.shutdownGraceMs });
    mailTransport.close();
    await push.close();
    await dates.close();
    await tracing?.shutdown();
  });

  await registerWebApp(app, config.webDistDir);
  return app;
}
