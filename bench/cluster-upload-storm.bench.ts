/**
 * An upload storm through the cluster (`npm run bench:cluster-upload-storm`, PostgreSQL required):
 * 50 customers, each from its own loopback address, upload 20 photos each at once through nginx
 * (tus, whole files), while the queue depth is sampled every second; then the two workers process
 * them. Prints: whether every photo landed exactly once, upload time, processing time and photos per
 * minute per worker (from each worker's metrics), and the queue depth over time.
 * `BENCH_CUSTOMERS` and `BENCH_PHOTOS` narrow it.
 */
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { hashPassword } from '../apps/server/src/auth/password';
import { signInOverHttp } from '../scripts/cluster/http-customer';
import { CLUSTER_BENCH_HOST, onFreshCluster } from './support/bench-cluster';

const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 50);
const photosEach = Number(process.env.BENCH_PHOTOS ?? 20);
const PASSWORD = 'storm-password';
/** Workers' metrics ports, outside the cluster's own range of replicas and s3rver. */
const metricsPortOf = (name: string) => (name === 'worker-1' ? 8196 : name === 'worker-2' ? 8197 : undefined);

await onFreshCluster(
  'storm',
  'bench:cluster-upload-storm',
  {
    demoData: false,
    env: { LOG_LEVEL: 'warn', UPLOAD_FILES_PER_HOUR: '100000' },
    replicaEnv: (name): Record<string, string> => {
      const port = metricsPortOf(name);
      return port ? { METRICS_PORT: String(port) } : {};
    },
    log: (line) => console.log(line),
  },
  async (lb, db) => {
    const passwordHash = await hashPassword(PASSWORD);
    for (let index = 0; index < customerCount; index += 1) {
      await db.query(
        `INSERT INTO customers (email, password_hash, first_name, last_name, is_b2b, status)
         VALUES ($1, $2, 'Storm', $3, false, 'Default')`,
        [`storm-${index}@example.com`, passwordHash, String(index)],
      );
    }
    const customers = [];
    for (let index = 0; index < customerCount; index += 1) {
      customers.push(
        await signInOverHttp(lb.url, {
          host: CLUSTER_BENCH_HOST,
          email: `storm-${index}@example.com`,
          password: PASSWORD,
          localAddress: `127.0.4.${index + 1}`,
        }),
      );
    }
    console.log(`${customerCount} customers signed in; making ${photosEach} distinct photos each ...`);
    const photo = (customer: number, index: number) =>
      sharp({
        create: {
          width: 1600,
          height: 1200,
          channels: 3,
          background: { r: customer * 5, g: index * 12, b: (customer * index) % 256 },
        },
      })
        .jpeg({ quality: 85 })
        .toBuffer();
    const files = await Promise.all(
      customers.map(async (_, customer) => {
        const mine: Buffer[] = [];
        for (let index = 0; index < photosEach; index += 1) mine.push(await photo(customer, index));
        return mine;
      }),
    );

    const depth: Array<{ second: number; queued: number; running: number }> = [];
    const started = performance.now();
    const sampler = setInterval(() => {
      void db
        .query<{ state: string; count: string }>(
          `SELECT state, count(*) AS count FROM jobs WHERE kind = 'photo.process' GROUP BY state`,
        )
        .then(({ rows }) => {
          const of = (state: string) => Number(rows.find((row) => row.state === state)?.count ?? 0);
          depth.push({
            second: Math.round((performance.now() - started) / 1000),
            queued: of('queued'),
            running: of('running'),
          });
        });
    }, 1000);

    let failedUploads = 0;
    await Promise.all(
      customers.map(async (customer, index) => {
        for (const [number, bytes] of files[index]!.entries()) {
          const created = await customer.call('/api/upload/files', {
            method: 'POST',
            headers: {
              'tus-resumable': '1.0.0',
              'upload-length': String(bytes.length),
              'upload-metadata': `filename ${Buffer.from(`storm-${number}.jpg`).toString('base64')}`,
            },
          });
          const done = await customer.call(String(created.headers.location), {
            method: 'PATCH',
            headers: {
              'tus-resumable': '1.0.0',
              'upload-offset': '0',
              'content-type': 'application/offset+octet-stream',
            },
            body: bytes,
          });
          if (done.status !== 200) failedUploads += 1;
        }
      }),
    );
    const uploadedSeconds = (performance.now() - started) / 1000;
    console.log(
      `uploads answered in ${uploadedSeconds.toFixed(1)} s (${failedUploads} failed); load ${loadavg()[0]!.toFixed(1)}`,
    );

    for (;;) {
      const { rows } = await db.query<{ count: string }>(
        `SELECT count(*) AS count FROM jobs WHERE kind = 'photo.process'`,
      );
      if (Number(rows[0]!.count) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const processedSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const { rows: landed } = await db.query<{ photos: string; distinct_hashes: string; processed: string }>(
      `SELECT count(*) AS photos, count(DISTINCT (owner_id, content_hash)) AS distinct_hashes,
              count(*) FILTER (WHERE status = 'ready') AS processed FROM photos`,
    );
    console.log(
      `photos: ${landed[0]!.photos} of ${customerCount * photosEach} expected, ${landed[0]!.distinct_hashes} distinct, ` +
        `${landed[0]!.processed} processed; all processed after ${processedSeconds.toFixed(1)} s`,
    );
    for (const name of ['worker-1', 'worker-2']) {
      const text = await (await fetch(`http://127.0.0.1:${metricsPortOf(name)}/metrics`)).text();
      const done = Number(
        /jobs_finished_total\{kind="photo.process",outcome="done"\} (\d+)/.exec(text)?.[1] ?? 0,
      );
      const seconds = Number(
        /job_duration_seconds_sum\{kind="photo.process"\} ([\d.e+-]+)/.exec(text)?.[1] ?? 0,
      );
      console.log(
        `${name}: ${done} photos, ${((done / processedSeconds) * 60).toFixed(0)} per minute over the run, ` +
          `${done ? ((seconds / done) * 1000).toFixed(0) : '-'} ms per photo`,
      );
    }
    console.log('queue depth (second: queued/running):');
    console.log(
      depth
        .filter((_, index) => index % 5 === 0)
        .map((sample) => `${sample.second}s: ${sample.queued}/${sample.running}`)
        .join('  '),
    );
  },
);
