import type { Server } from 'node:http';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { CORRELATION_HEADER } from '@photo/contracts/errors';
import type { AppConfig } from '../config';
import { correlationIdFor } from './correlation';
import type { Database } from './database';
import { installErrorHandler } from './errors';
import { createMetrics, serveMetrics, type Metrics } from './metrics';
import { rateWindowsStore } from './rate-limit-store';
import type { RateWindows } from './rate-windows';
import { registerSecurityHeaders } from './security-headers';
import { traceRequests } from './tracing';

/** Which replica answered (operators and the cluster tests read it). */
export const REPLICA_HEADER = 'x-replica';

/** The largest JSON or form body any call takes (413 beyond); file uploads have limits of their own. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Answered for any host name: a load balancer's checks name no storefront. */
export const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/**
 * The server every feature registers on, with what every answer shares: errors as values, security
 * headers, compression, form bodies, route limits, the correlation and replica headers, and the
 * health checks. With METRICS_PORT set, every answer is counted and served there (decision 113).
 */
export async function createHttpServer(deps: {
  config: AppConfig;
  db: Database;
  rateWindows: RateWindows;
  /** Pass `false` to silence logs (tests), or a pino options object. */
  logger: boolean | { level: string } | undefined;
  /** Whether requests are traced (decision 114). */
  traced: boolean;
  /** For the metrics: the push sockets this replica holds open. */
  pushConnections: () => number;
  /** Told of every route as it is registered (the OpenAPI coverage test). */
  onRoute?: (route: RouteOptions) => void;
}): Promise<{ app: FastifyInstance; metrics: Metrics | undefined }> {
  const { config, db } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel, base: { replica: config.replicaId } },
    genReqId: correlationIdFor,
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    // Only the configured proxies may name the client's address: the rate limits count by it.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: BODY_LIMIT_BYTES,
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  installErrorHandler(app);
  if (deps.traced) traceRequests(app);
  const metrics =
    config.metricsPort === undefined
      ? undefined
      : createMetrics({ db, replica: config.replicaId, pushConnections: deps.pushConnections });
  metrics?.observeRequests(app);
  registerSecurityHeaders(app, {
    supportChatScriptUrl: config.supportChatScriptUrl,
    publicScheme: config.publicScheme,
  });
  // JSON pages of photos and the web app's scripts travel compressed; images are left as they are.
  await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: 1024 });
  await app.register(formbody);
  // Route limits count in the database: every replica counts together.
  await app.register(rateLimit, { global: false, store: rateWindowsStore(deps.rateWindows) });

  app.addHook('onRequest', async (request, reply) => {
    void reply.header(CORRELATION_HEADER, request.id);
    void reply.header(REPLICA_HEADER, config.replicaId);
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    await db.query('SELECT 1');
    return reply.send({ status: 'ready' });
  });

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
  return { app, metrics };
}
