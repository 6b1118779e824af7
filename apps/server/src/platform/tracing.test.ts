import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { TEMP_SELECTIONS_HOUSEKEEPING_JOB } from '../temp-selections/temp-selections.service';
import { signIn, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { enqueueJob } from './job-queue';
import { describeStatement } from './tracing';

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('OpenTelemetry traces, switched on by OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  const exporter = new InMemorySpanExporter();
  let t: TestApp;
  let customer: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' },
      { spanProcessor: new SimpleSpanProcessor({ exporter }) },
    );
    await seedDemoAccounts(createCustomersRepository(t.db));
    customer = await signIn(t, { email: 'demo@example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('traces a signed-in call with its correlation id, and its SQL below it without parameters', async () => {
    exporter.reset();
    const response = await t.app.inject({
      url: '/api/photos/users/timeline',
      headers: { ...customer.headers, 'x-correlation-id': 'trace-me-1' },
    });
    expect(response.statusCode).toBe(200);

    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.attributes['correlation.id'] === 'trace-me-1');
    expect(request).toBeDefined();
    expect(request!.name).toBe('GET /api/photos/users/timeline');
    expect(request!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/api/photos/users/timeline',
      'http.response.status_code': 200,
    });
    const queries = spans.filter(
      (span) =>
        span.attributes['db.system.name'] === 'postgresql' &&
        parentOf(span) === request!.spanContext().spanId,
    );
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query.spanContext().traceId).toBe(request!.spanContext().traceId);
      expect(query.name).toMatch(/^[A-Z]+( [a-z_.]+)?$/);
      expect(JSON.stringify(query.attributes)).not.toContain('demo@example.com');
    }
  });

  it('traces a job run with its kind and attempt, and its SQL below it', async () => {
    exporter.reset();
    await enqueueJob(t.db, TEMP_SELECTIONS_HOUSEKEEPING_JOB, {});
    await t.app.jobs.drain();

    const spans = exporter.getFinishedSpans();
    const job = spans.find((span) => span.name === `job ${TEMP_SELECTIONS_HOUSEKEEPING_JOB}`);
    expect(job?.attributes).toMatchObject({
      'job.kind': TEMP_SELECTIONS_HOUSEKEEPING_JOB,
      'job.attempts': 1,
    });
    expect(spans.some((span) => parentOf(span) === job!.spanContext().spanId)).toBe(true);
  });

  it('names statements by operation and table only', () => {
    expect(describeStatement('SELECT id FROM photos WHERE customer_id = $1')).toEqual({
      operation: 'SELECT',
      table: 'photos',
    });
    expect(describeStatement('  insert into jobs (kind) values ($1)')).toEqual({
      operation: 'INSERT',
      table: 'jobs',
    });
    expect(describeStatement('BEGIN')).toEqual({ operation: 'BEGIN', table: undefined });
  });
});

describe('without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers no tracer provider and answers as always', async () => {
    const response = await t.app.inject({ url: '/config.json', headers: { host: 'nl.localhost:8080' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['traceparent']).toBeUndefined();
    const span = trace.getTracer('any').startSpan('nothing');
    expect(span.isRecording()).toBe(false);
    expect(trace.getSpan(context.active())).toBeUndefined();
    span.end();
  });
});
