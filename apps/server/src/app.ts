import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { CORRELATION_HEADER } from '@photo/contracts/errors';
import type { AppConfig } from './config';
import { registerAuth } from './auth/auth.module';
import { createCustomersRepository } from './customers/customers.repository';
import { registerCustomerRoutes } from './customers/customers.routes';
import { createCustomersService } from './customers/customers.service';
import { registerErrorReportRoutes } from './error-reports/error-reports.routes';
import path from 'node:path';
import { createPhotoEventBus, type PhotoEventBus } from './photos/photo-events';
import { createPhotoIngestService } from './photos/photo-ingest.service';
import { createPhotoJobHandlers } from './photos/photo-jobs';
import { createPhotosRepository } from './photos/photos.repository';
import { registerPhotoPushRoutes } from './photos/photo-push.routes';
import { registerPhotoRoutes } from './photos/photos.routes';
import { createPhotosService } from './photos/photos.service';
import { registerUploadRoutes } from './upload/upload.routes';
import { startJobWorker } from './platform/job-queue';
import { createApiRouter } from './platform/api-router';
import type { BlobStore } from './platform/blob-store';
import { correlationIdFor } from './platform/correlation';
import type { Database } from './platform/database';
import { installErrorHandler } from './platform/errors';
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
  }
}

export interface AppDependencies {
  config: AppConfig;
  db: Database;
  blobs: BlobStore;
  /** Pass `false` to silence logs (tests), or a pino options object. */
  logger?: boolean | { level: string };
}

const hostIndependentPaths = new Set(['/healthz', '/readyz']);

/** Composes the whole system from explicit dependencies; `server.ts` only starts what this builds. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    genReqId: correlationIdFor,
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    trustProxy: false,
    bodyLimit: 1024 * 1024,
  });

  installErrorHandler(app);
  await registerSecurityHeaders(app, { supportChatScriptUrl: config.supportChatScriptUrl });
  // JSON pages of photos and the web app's scripts travel compressed; images are left as they are.
  await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: 1024 });
  await app.register(formbody);
  await app.register(rateLimit, { global: false });

  const storefronts = createStorefrontResolver(config);
  app.decorateRequest('storefront', null as unknown as ResolvedStorefront);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(CORRELATION_HEADER, request.id);
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

  registerStorefrontRoutes(app, {
    localesDir: config.localesDir,
    hostnames: storefronts.hostnames,
    supportChatScriptUrl: config.supportChatScriptUrl,
  });
  registerErrorReportRoutes(app);

  const customersRepository = createCustomersRepository(db);
  const auth = await registerAuth(app, { config, db, storefronts, customers: customersRepository });
  const api = createApiRouter(app, auth.authenticate);
  registerCustomerRoutes(api, createCustomersService(customersRepository));

  const photoEvents = createPhotoEventBus(db);
  const ingest = createPhotoIngestService(db, deps.blobs);
  registerPhotoRoutes(app, api, {
    photos: createPhotosService(db, createPhotosRepository(db)),
    blobs: deps.blobs,
    authenticate: auth.authenticate,
  });
  await registerPhotoPushRoutes(app, {
    events: photoEvents,
    authenticateUpgrade: auth.authenticateUpgrade,
    verifyToken: auth.verifyAccessToken,
  });
  const uploads = await registerUploadRoutes(app, {
    authenticate: auth.authenticate,
    ingest,
    uploadsDir: path.join(config.dataDir, 'uploads'),
  });

  const jobs = startJobWorker({
    db,
    logger: app.log,
    concurrency: config.jobConcurrency,
    handlers: createPhotoJobHandlers({ db, blobs: deps.blobs, events: photoEvents, ingest, logger: app.log }),
  });
  app.decorate('jobs', jobs);
  app.decorate('photoEvents', photoEvents);
  app.addHook('onClose', async () => {
    uploads.close();
    await jobs.stop();
    await photoEvents.close();
  });

  await registerWebApp(app, config.webDistDir);
  return app;
}
