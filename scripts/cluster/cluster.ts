/**
 * A cluster on this machine, without containers (docs/operations.md, "A cluster on one machine"):
 * an S3 (Ceph's RADOS Gateway when Ceph is installed, else the s3rver emulator: s3-gateway.ts,
 * decision 142), API replicas (`JOB_CONCURRENCY=0`), worker replicas and nginx in front (round-robin,
 * WebSockets), all on loopback and on one PostgreSQL database. Used by `npm run cluster`, the cluster
 * tests and the cluster bench.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  chooseS3Kind,
  createBuckets,
  describeS3,
  startS3Gateway,
  type RunningS3,
  type S3Kind,
} from './s3-gateway';

export interface ClusterOptions {
  /** The repository's root (where `apps/server` is). */
  root: string;
  /** Where the cluster keeps its bucket, the replicas' data folders, logs and nginx files. */
  dir: string;
  /** PostgreSQL shared by all replicas. */
  databaseUrl: string;
  /** The load balancer listens here; replicas and the S3 follow (api 1..n, workers, S3). */
  basePort?: number;
  apiReplicas?: number;
  workerReplicas?: number;
  /** Jobs each worker runs at once. */
  workerConcurrency?: number;
  /** Seed the demo accounts and photos (the first API replica does it before the others start). */
  demoData?: boolean;
  /** More settings for every replica (e.g. LOG_LEVEL, SHUTDOWN_GRACE_SECONDS). */
  env?: Record<string, string>;
  /** Settings of one replica (e.g. a METRICS_PORT each). */
  replicaEnv?: (name: string, port: number) => Record<string, string>;
  /**
   * Which S3 to run (`CLUSTER_S3`, else Ceph when installed: chooseS3Kind), or one already running
   * (the cluster tests share one Ceph), which the cluster leaves running when it stops.
   */
  s3?: S3Kind | RunningS3;
  /** The photos' bucket, created at the start. */
  bucket?: string;
  /** Progress lines; silent by default. */
  log?: (line: string) => void;
}

export interface Replica {
  readonly name: string;
  readonly role: 'api' | 'worker';
  readonly port: number;
  readonly url: string;
  /** Starts it (again) and resolves once `/readyz` answers. */
  start(): Promise<void>;
  /** SIGTERM: the graceful stop; resolves when the process has exited. */
  stop(): Promise<void>;
  /** SIGKILL, as an OOM killer or a lost machine would: nothing runs its shutdown. */
  kill(): Promise<void>;
  /**
   * SIGSTOP / SIGCONT: a replica frozen in place (a long pause), for tests that need one not to act.
   * It is frozen between transactions: one stopped inside a transaction would hold its row locks
   * (a schedule's, say), and every other replica needing them would wait until it is thawed.
   */
  freeze(): Promise<void>;
  thaw(): void;
  readonly running: boolean;
}

export interface Cluster {
  /** The load balancer, e.g. `http://127.0.0.1:8190`; storefronts answer at `http://nl.localhost:8190`. */
  readonly url: string;
  readonly port: number;
  readonly s3Endpoint: string;
  readonly s3Kind: S3Kind;
  readonly bucket: string;
  /** The keys replicas use, for tests that look into the bucket. */
  readonly s3Credentials: { accessKeyId: string; secretAccessKey: string };
  readonly replicas: Replica[];
  replica(name: string): Replica;
  /** Stops everything it started: replicas gracefully, then nginx and the S3. */
  stop(): Promise<void>;
}

export const CLUSTER_BUCKET = 'photos';

/** nginx from Debian's packages; installed with apt-get when missing and this runs as root. */
export function ensureNginx(log: (line: string) => void): string {
  const found = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((candidate) =>
    existsSync(candidate),
  );
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error(
      'nginx is missing: install it with `sudo apt-get install -y nginx`, then start the cluster again',
    );
  }
  log('installing nginx (apt-get install nginx)');
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  try {
    install();
  } catch {
    execFileSync('apt-get', ['update'], { stdio: 'ignore' });
    install();
  }
  return ensureNginx(log);
}

function nginxConfig(options: { dir: string; port: number; upstreams: number[] }): string {
  const temp = path.join(options.dir, 'temp');
  return `# Written by scripts/cluster/cluster.ts; the load balancer in front of the API replicas.
worker_processes 1;
daemon off;
pid ${path.join(options.dir, 'nginx.pid')};
error_log ${path.join(options.dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  # Uploads stream through as they arrive (tus resumes from what reached a replica); no size cap here.
  client_max_body_size 0;
  proxy_request_buffering off;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream api {
${options.upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${options.port};
    server_name localhost *.localhost;
    location / {
      proxy_pass http://api;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      # Replaced, not appended: the replicas trust this proxy (TRUST_PROXY) to name the client.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      # A stopped replica refuses connections, a stopping one answers 503: try the next one.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_read_timeout 3600s;
    }
  }
}
`;
}

async function waitFor(url: string, timeoutMs: number, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const problem = exited();
    if (problem) throw new Error(problem);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Kills what is left of a process group (exiftool helpers of a killed replica). */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

const FREEZE_ATTEMPTS = 500;

/**
 * SIGSTOP at a moment when none of the replica's database sessions (its PGAPPNAME names them) is in a
 * transaction or running a statement, so the frozen replica holds no lock: stopped, looked at, and
 * let go on and stopped again a little later while it still holds one.
 */
async function stopBetweenTransactions(child: ChildProcess, databaseUrl: string, replica: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let attempt = 1; attempt <= FREEZE_ATTEMPTS; attempt += 1) {
      child.kill('SIGSTOP');
      const { rows } = await client.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1
         AND state <> 'idle'`,
        [replica],
      );
      if (rows.length === 0) return;
      child.kill('SIGCONT');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`${replica} was in a transaction at every try to freeze it`);
  } finally {
    await client.end();
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => undefined);
  const basePort = options.basePort ?? 8190;
  const apiCount = options.apiReplicas ?? 2;
  const workerCount = options.workerReplicas ?? 2;
  const nginxBinary = ensureNginx(log);
  await mkdir(path.join(options.dir, 'logs'), { recursive: true });

  const bucket = options.bucket ?? CLUSTER_BUCKET;
  const running = typeof options.s3 === 'object' ? options.s3 : undefined;
  if (running) await createBuckets(running, [bucket]);
  const s3 =
    running === undefined
      ? await startS3Gateway({
          kind: typeof options.s3 === 'string' ? options.s3 : chooseS3Kind(),
          buckets: [bucket],
          port: basePort + apiCount + workerCount + 1,
          dir: options.dir,
          log,
        })
      : { ...running, stop: async () => undefined };
  const s3Kind = s3.kind;
  const s3Endpoint = s3.endpoint;
  log(`S3: ${describeS3(s3Kind)} at ${s3Endpoint}, bucket ${bucket}`);

  const started: ChildProcess[] = [];
  const leftovers = () => {
    for (const child of started) killGroup(child.pid);
  };
  process.once('exit', leftovers);

  const makeReplica = (name: string, role: 'api' | 'worker', port: number, seed: boolean): Replica => {
    let child: ChildProcess | undefined;
    let logFile: WriteStream | undefined;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      S3_ENDPOINT: s3Endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_PORT: String(basePort),
      TRUST_PROXY: '127.0.0.1',
      // Each replica has a folder of its own: nothing on one replica's disk is another's business.
      DATA_DIR: path.join(options.dir, name),
      REPLICA_ID: name,
      // node-postgres names its connections after it: pg_stat_activity shows which replica holds what.
      PGAPPNAME: name,
      JOB_CONCURRENCY: role === 'api' ? '0' : String(options.workerConcurrency ?? 2),
      DEMO_DATA: seed ? 'true' : 'false',
      // A demo of scale: payments on the local test page, which any replica serves.
      TEST_PAYMENTS: 'true',
      LOG_LEVEL: 'info',
      ...options.env,
      ...options.replicaEnv?.(name, port),
    };
    const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
    return {
      name,
      role,
      port,
      url: `http://127.0.0.1:${port}`,
      get running() {
        return running();
      },
      async start() {
        if (running()) return;
        logFile = createWriteStream(path.join(options.dir, 'logs', `${name}.log`), { flags: 'a' });
        child = spawn(process.execPath, ['apps/server/dist/server.js'], {
          cwd: options.root,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
        started.push(child);
        child.stdout!.pipe(logFile);
        child.stderr!.pipe(logFile);
        const current = child;
        await waitFor(`http://127.0.0.1:${port}/readyz`, 180_000, () =>
          current.exitCode !== null
            ? `${name} exited with ${current.exitCode}; see ${path.join(options.dir, 'logs', `${name}.log`)}`
            : undefined,
        );
        log(`${name} (${role}) ready at http://127.0.0.1:${port}`);
      },
      async stop() {
        if (!child || !running()) return;
        const current = child;
        current.kill('SIGTERM');
        await exitOf(current);
        killGroup(current.pid);
      },
      async kill() {
        if (!child || !running()) return;
        const current = child;
        killGroup(current.pid);
        await exitOf(current);
      },
      async freeze() {
        if (child && running()) await stopBetweenTransactions(child, options.databaseUrl, name);
      },
      thaw() {
        if (child && running()) child.kill('SIGCONT');
      },
    };
  };

  const replicas: Replica[] = [];
  for (let index = 1; index <= apiCount; index += 1) {
    replicas.push(
      makeReplica(`api-${index}`, 'api', basePort + index, index === 1 && (options.demoData ?? true)),
    );
  }
  for (let index = 1; index <= workerCount; index += 1) {
    replicas.push(makeReplica(`worker-${index}`, 'worker', basePort + apiCount + index, false));
  }

  let nginx: ChildProcess | undefined;
  const stop = async () => {
    process.removeListener('exit', leftovers);
    await Promise.all(replicas.map((replica) => replica.stop()));
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await exitOf(nginx);
    }
    await s3.stop();
    log('cluster stopped');
  };

  try {
    // The first API replica migrates the database and seeds the demo data; the others then join.
    await replicas[0]!.start();
    await Promise.all(replicas.slice(1).map((replica) => replica.start()));

    const nginxDir = path.join(options.dir, 'nginx');
    await mkdir(path.join(nginxDir, 'temp'), { recursive: true });
    // nginx's workers drop root for `nobody`, and must still write their buffers.
    await chmod(path.join(nginxDir, 'temp'), 0o777);
    const configPath = path.join(nginxDir, 'nginx.conf');
    await writeFile(
      configPath,
      nginxConfig({
        dir: nginxDir,
        port: basePort,
        upstreams: replicas.filter((replica) => replica.role === 'api').map((replica) => replica.port),
      }),
    );
    nginx = spawn(nginxBinary, ['-c', configPath, '-p', nginxDir], { stdio: 'ignore', detached: true });
    started.push(nginx);
    const lb = nginx;
    await waitFor(`http://127.0.0.1:${basePort}/healthz`, 20_000, () =>
      lb.exitCode !== null
        ? `nginx exited with ${lb.exitCode}; see ${path.join(nginxDir, 'error.log')}`
        : undefined,
    );
    log(`nginx (round-robin over the API replicas) at http://localhost:${basePort}`);
  } catch (error) {
    await stop().catch(() => undefined);
    leftovers();
    throw error;
  }

  return {
    url: `http://127.0.0.1:${basePort}`,
    port: basePort,
    s3Endpoint,
    s3Kind,
    bucket,
    s3Credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    replicas,
    replica(name) {
      const found = replicas.find((replica) => replica.name === name);
      if (!found) throw new Error(`No replica ${name}`);
      return found;
    },
    stop,
  };
}
