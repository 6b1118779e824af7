import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from './database';

/** Upper bounds of the latency buckets, in seconds (Prometheus histograms). */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

type Labels = Record<string, string>;

const labelText = (labels: Labels) => {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  const escaped = entries.map(
    ([name, value]) =>
      `${name}="${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`,
  );
  return `{${escaped.join(',')}}`;
};

class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels, by = 1): void {
    const key = labelText(labels);
    const entry = this.values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(key, entry);
  }
  render(): string[] {
    return [
      `# HELP ${this.name} ${this.help}`,
      `# TYPE ${this.name} counter`,
      ...[...this.values.values()].map(({ labels, value }) => `${this.name}${labelText(labels)} ${value}`),
    ];
  }
}

class Histogram {
  private readonly values = new Map<
    string,
    { labels: Labels; buckets: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  observe(labels: Labels, seconds: number): void {
    const key = labelText(labels);
    const entry = this.values.get(key) ?? { labels, buckets: SECONDS_BUCKETS.map(() => 0), sum: 0, count: 0 };
    SECONDS_BUCKETS.forEach((bound, index) => {
      if (seconds <= bound) entry.buckets[index]! += 1;
    });
    entry.sum += seconds;
    entry.count += 1;
    this.values.set(key, entry);
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, buckets, sum, count } of this.values.values()) {
      SECONDS_BUCKETS.forEach((bound, index) =>
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${buckets[index]}`),
      );
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(
        `${this.name}_sum${labelText(labels)} ${sum}`,
        `${this.name}_count${labelText(labels)} ${count}`,
      );
    }
    return lines;
  }
}

/**
 * Prometheus metrics of one replica (decision 113): request rates and latencies by route, jobs run
 * and their durations by kind (photo processing among them), the job queue's depth and age (the
 * same for every replica: read from the database at scrape time) and open push connections.
 */
export function createMetrics(options: { db: Queryable; replica: string; pushConnections: () => number }) {
  const requests = new Counter('http_requests_total', 'HTTP requests answered, by method, route and status.');
  const requestSeconds = new Histogram(
    'http_request_duration_seconds',
    'Time to answer, by method and route.',
  );
  const jobs = new Counter('jobs_finished_total', 'Jobs this replica ran, by kind and outcome.');
  const jobSeconds = new Histogram('job_duration_seconds', 'Time a job took on this replica, by kind.');

  return {
    /** Counts every answer of `app` (the route's pattern, not its address: a bounded set of series). */
    observeRequests(app: FastifyInstance): void {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        requests.inc({ method: request.method, route, status: String(reply.statusCode) });
        requestSeconds.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      });
    },
    jobFinished(kind: string, outcome: 'done' | 'failed' | 'handed-back', seconds: number): void {
      jobs.inc({ kind, outcome });
      jobSeconds.observe({ kind }, seconds);
    },
    async render(): Promise<string> {
      const { rows } = await options.db.query<{
        kind: string;
        state: string;
        count: string;
        age: string | null;
      }>(
        `SELECT kind, state, count(*) AS count, extract(epoch FROM now() - min(run_at)) AS age
         FROM jobs GROUP BY kind, state ORDER BY kind, state`,
      );
      const lines = [
        ...requests.render(),
        ...requestSeconds.render(),
        ...jobs.render(),
        ...jobSeconds.render(),
        '# HELP job_queue_depth Jobs in the queue (all replicas), by kind and state.',
        '# TYPE job_queue_depth gauge',
        ...rows.map(
          (row) => `job_queue_depth${labelText({ kind: row.kind, state: row.state })} ${Number(row.count)}`,
        ),
        '# HELP job_queue_oldest_seconds Age of the oldest job due, by kind and state.',
        '# TYPE job_queue_oldest_seconds gauge',
        ...rows.map(
          (row) =>
            `job_queue_oldest_seconds${labelText({ kind: row.kind, state: row.state })} ${Math.max(0, Number(row.age ?? 0))}`,
        ),
        '# HELP push_connections Open push sockets on this replica.',
        '# TYPE push_connections gauge',
        `push_connections ${options.pushConnections()}`,
        '# HELP replica_info This replica.',
        '# TYPE replica_info gauge',
        `replica_info${labelText({ replica: options.replica })} 1`,
      ];
      return `${lines.join('\n')}\n`;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The metrics on a port of their own (`METRICS_PORT`), never through the load balancer that serves
 * the shop: `GET /metrics` in Prometheus's text format.
 */
export async function serveMetrics(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.render().then(
      (text) =>
        response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
