/**
 * Load through the cluster's load balancer (`npm run bench:cluster-load`, PostgreSQL required):
 * the cluster of `npm run cluster` on a fresh database, 200 signed-in customers (sessions) reading
 * their timeline, timeline months and `/config.json` for 60 s with autocannon, on loopback only:
 *   1. 2 API replicas;
 *   2. 2 API replicas, one killed (SIGKILL) a third into the run and started again;
 *   3. 1 API replica (the second stopped), for the 1-to-2 throughput ratio.
 * Prints requests per second, p50/p95/p99 latency and failed requests of each. `BENCH_SECONDS` and
 * `BENCH_CONNECTIONS` shorten or narrow it.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import type { Cluster } from '../scripts/cluster/cluster';
import { signInOverHttp, type HttpCustomer } from '../scripts/cluster/http-customer';
import { CLUSTER_BENCH_HOST, onFreshCluster } from './support/bench-cluster';
import { percentile } from './support/stats';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);

interface Figures {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
}

async function run(
  name: string,
  cluster: Cluster,
  cookies: string[],
  paths: string[],
  during?: () => Promise<void>,
) {
  const latencies: number[] = [];
  let next = 0;
  const instance = autocannon({
    url: cluster.url,
    connections,
    duration: seconds,
    headers: { host: CLUSTER_BENCH_HOST },
    requests: paths.map((address) => ({ method: 'GET', path: address })),
    setupClient: (client) => {
      // Each connection is one customer's browser: its own session cookie on every request.
      const headers = { host: CLUSTER_BENCH_HOST, cookie: cookies[next++ % cookies.length]!, 'x-csrf': '1' };
      client.setRequests(paths.map((address) => ({ method: 'GET', path: address, headers })));
      client.on('response', (_status: number, _bytes: number, responseTime: number) => {
        latencies.push(responseTime);
      });
    },
  });
  const fault = during?.();
  const result = await instance;
  await fault;
  const failed = result.errors + result.timeouts + result.non2xx;
  const figures: Figures = {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.total / seconds),
    p50: Math.round(percentile(latencies, 50) * 10) / 10,
    p95: Math.round(percentile(latencies, 95) * 10) / 10,
    p99: Math.round(percentile(latencies, 99) * 10) / 10,
    failed,
  };
  console.log(
    `${name}: ${figures.rps} req/s, p50 ${figures.p50} ms, p95 ${figures.p95} ms, p99 ${figures.p99} ms, ` +
      `failed ${failed} of ${figures.requests} (errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}); load ${loadavg()[0]!.toFixed(1)}`,
  );
  return figures;
}

await onFreshCluster(
  'cluster',
  'bench:cluster-load',
  { env: { LOG_LEVEL: 'warn' }, log: (line) => console.log(line) },
  async (lb) => {
    // Sessions of the demo customer (one sign-in each, through the load balancer, each from its own
    // loopback address as separate browsers would be), signed in a few at a time.
    const cookies: string[] = [];
    let first: HttpCustomer | undefined;
    for (let batch = 0; batch < connections; batch += 10) {
      const customers = await Promise.all(
        Array.from({ length: Math.min(10, connections - batch) }, (_, index) =>
          signInOverHttp(lb.url, {
            host: CLUSTER_BENCH_HOST,
            email: 'demo@example.com',
            password: 'demo-password',
            localAddress: `127.0.${Math.floor((batch + index) / 250) + 1}.${((batch + index) % 250) + 1}`,
          }),
        ),
      );
      cookies.push(...customers.map((customer) => customer.headers().cookie));
      first ??= customers[0];
    }
    if (!first) throw new Error('no customer signed in');
    const months = (await first.call('/api/photos/users/timeline')).json<
      Array<{ year: number; month: number }>
    >();
    const paths = [
      '/api/photos/users/timeline',
      ...months.slice(0, 4).map((entry) => `/api/photos/photos/timeline/${entry.year}/${entry.month}`),
      '/config.json',
    ];
    for (const address of paths) {
      const answer = await first.call(address);
      if (answer.status !== 200)
        throw new Error(`${address} answered ${answer.status}: ${answer.text().slice(0, 200)}`);
    }
    console.log(
      `${cookies.length} sessions, ${connections} connections, ${seconds} s per run; paths: ${paths.join(' ')}`,
    );

    const both = await run('2 API replicas', lb, cookies, paths);
    const killed = await run('2 API replicas, one killed and restarted', lb, cookies, paths, async () => {
      await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 3));
      await lb.replica('api-2').kill();
      console.log('  api-2 killed');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await lb.replica('api-2').start();
      console.log('  api-2 started again');
    });
    await lb.replica('api-2').stop();
    const one = await run('1 API replica', lb, cookies, paths);
    await lb.replica('api-2').start();
    console.log(
      `\n2 vs 1 API replicas: ${(both.rps / one.rps).toFixed(2)}x requests per second ` +
        `(2 cores shared by nginx, the replicas, PostgreSQL and autocannon itself); kill run failed ${killed.failed}`,
    );
  },
);
