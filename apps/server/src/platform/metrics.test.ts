import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { createTestApp, type TestApp } from '../testing/test-app';
import { enqueueJob } from './job-queue';

const METRICS_PORT = await freePort();

describe('Prometheus metrics, switched on by METRICS_PORT', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_PORT: String(METRICS_PORT), HOST: '127.0.0.1', REPLICA_ID: 'api-9' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();

  it('counts answers by route pattern and status, and shows the job queue and this replica', async () => {
    for (let call = 0; call < 2; call += 1) {
      await t.app.inject({ url: '/config.json', headers: { host: 'nl.localhost:8080' } });
    }
    await t.app.inject({ url: '/api/photos/files/a/300', headers: { host: 'nl.localhost:8080' } });
    await enqueueJob(t.db, 'nobody.handles-this', {}, { delayMs: 3_600_000 });

    const text = await scrape();
    expect(text).toContain('http_requests_total{method="GET",route="/config.json",status="200"} 2');
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/photos/files/:photoId/:variant",status="401"} 1',
    );
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/config.json"\} 2/);
    expect(text).toContain('job_queue_depth{kind="nobody.handles-this",state="queued"} 1');
    expect(text).toContain('push_connections 0');
    expect(text).toContain('replica_info{replica="api-9"} 1');
  });

  it('never serves the metrics through the shop itself', async () => {
    const answer = await t.app.inject({ url: '/metrics', headers: { host: 'nl.localhost:8080' } });
    expect(answer.statusCode).toBe(404);
  });
});

describe('metrics off (the default)', () => {
  it('opens no metrics port', async () => {
    const t = await createTestApp({ HOST: '127.0.0.1' });
    try {
      expect(t.config.metricsPort).toBeUndefined();
      await expect(fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).rejects.toThrow();
    } finally {
      await t.close();
    }
  });
});
