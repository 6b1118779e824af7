import { context, SpanKind, SpanStatusCode, trace, type Span, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { TracingConfig } from '../config';
import type { Database, Queryable } from './database';
import type { Job, JobHandler } from './job-queue';

const TRACER_NAME = 'photo-account-area';

export interface Tracing {
  /** Flushes the spans still buffered and unregisters the provider. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  replica: string;
  /** Where finished spans go; by default batched to the collector over OTLP/HTTP (tests pass an in-memory one). */
  spanProcessor?: SpanProcessor;
}

/**
 * Registers this process's tracer provider (decision 114): only called when tracing is configured,
 * so without it the OpenTelemetry API stays a no-op and nothing below is installed.
 */
export function startTracing(config: TracingConfig, options: TracingOptions): Tracing {
  const spanProcessor =
    options.spanProcessor ??
    new BatchSpanProcessor({
      exporter: new OTLPTraceExporter({ url: `${config.endpoint.replace(/\/$/, '')}/v1/traces` }),
    });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': config.serviceName,
      'service.instance.id': options.replica,
    }),
    spanProcessors: [spanProcessor],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  trace.setGlobalTracerProvider(provider);
  return {
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
}

const tracer = (): Tracer => trace.getTracer(TRACER_NAME);

const endWith = (span: Span, error: unknown) => {
  if (error !== undefined) {
    span.recordException(error instanceof Error ? error : 'a value that is not an Error was thrown');
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end();
};

/**
 * A span per request (route, method, status, correlation id), active while the request is handled
 * so the SQL it runs nests below it; the trace id joins the request's log lines.
 */
export function traceRequests(app: FastifyInstance): void {
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, reply, done) => {
    const span = tracer().startSpan(request.method, {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.method': request.method,
        'url.path': request.url.split('?')[0]!,
        'correlation.id': request.id,
      },
    });
    spans.set(request, span);
    const log: FastifyBaseLogger = request.log.child({ traceId: span.spanContext().traceId });
    request.log = log;
    (reply as { log: FastifyBaseLogger }).log = log;
    context.with(trace.setSpan(context.active(), span), done);
  });
  app.addHook('onError', (request, _reply, error, done) => {
    spans.get(request)?.recordException(error);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      const route = request.routeOptions.url;
      if (route) span.updateName(`${request.method} ${route}`);
      span.setAttributes({
        ...(route ? { 'http.route': route } : {}),
        'http.response.status_code': reply.statusCode,
      });
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      spans.delete(request);
    }
    done();
  });
}

/** Each job run in a span of its own (kind, attempt), active while its handler runs. */
export function traceJobs(handlers: Record<string, JobHandler>): Record<string, JobHandler> {
  return Object.fromEntries(
    Object.entries(handlers).map(([kind, handler]) => [
      kind,
      (job: Job) =>
        tracer().startActiveSpan(
          `job ${kind}`,
          {
            kind: SpanKind.CONSUMER,
            attributes: { 'job.kind': kind, 'job.id': job.id, 'job.attempts': job.attempts },
          },
          async (span) => {
            try {
              await handler(job);
              endWith(span, undefined);
            } catch (error) {
              endWith(span, error ?? new Error('job failed'));
              throw error;
            }
          },
        ),
    ]),
  );
}

/** The statement's operation and table, never its text or parameters: `SELECT photos`. */
export function describeStatement(sql: string): { operation: string; table: string | undefined } {
  const operation = (/^\s*([A-Za-z]+)/.exec(sql)?.[1] ?? 'SQL').toUpperCase();
  const table =
    /\b(?:from|into|update|table)\s+(?:if\s+(?:not\s+)?exists\s+)?([A-Za-z_][A-Za-z0-9_.]*)/i.exec(sql)?.[1];
  return { operation, table: table?.toLowerCase() };
}

/** Runs a statement in a span below the active one; outside a request or job, statements are not traced. */
function traced<T>(sql: string, run: () => Promise<T>): Promise<T> {
  if (!trace.getSpan(context.active())) return run();
  const { operation, table } = describeStatement(sql);
  return tracer().startActiveSpan(
    table ? `${operation} ${table}` : operation,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.operation.name': operation,
        ...(table ? { 'db.collection.name': table } : {}),
      },
    },
    async (span) => {
      try {
        const result = await run();
        endWith(span, undefined);
        return result;
      } catch (error) {
        endWith(span, error);
        throw error;
      }
    },
  );
}

const traceQueryable = (queryable: Queryable): Queryable => ({
  query: (sql, params) => traced(sql, () => queryable.query(sql, params)),
  exec: (sql) => traced(sql, () => queryable.exec(sql)),
});

/** The database with a span per statement (transactions' statements too). */
export function traceDatabase(db: Database): Database {
  return {
    ...traceQueryable(db),
    transaction: (work) => db.transaction((tx) => work(traceQueryable(tx))),
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    notify: (channel, payload) => db.notify(channel, payload),
    close: () => db.close(),
    engine: db.engine,
  };
}
