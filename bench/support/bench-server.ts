/**
 * The real server for a browser bench: `apps/server/src/server.ts` on a prepared data folder, in a
 * process group of its own (stopped with everything it started), its last output kept for errors.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { BrowserContext } from '@playwright/test';

export interface BenchServerOptions {
  root: string;
  port: number;
  dataDir: string;
  /** CPU priority (nice); 0 runs it at the bench's own. */
  nice: number;
  /** Core list for `taskset -c`, when pinning. */
  cores?: string;
  env?: Record<string, string>;
}

export interface BenchServer {
  /** Starts the server and resolves with the milliseconds until `/readyz` answered. */
  start(): Promise<number>;
  /** Stops it and waits for it to exit. */
  stop(): Promise<void>;
  /** The process id of what was started (the node process itself when neither niced nor pinned). */
  pid(): number | undefined;
}

export function createBenchServer(options: BenchServerOptions): BenchServer {
  let server: ChildProcess | undefined;
  const output: string[] = [];

  const kill = () => {
    if (!server || server.exitCode !== null || server.pid === undefined) return;
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      kill();
      process.exit(130);
    });
  }

  const waitUntilReady = async (url: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (server?.exitCode !== null && server?.exitCode !== undefined) {
        throw new Error(`the server exited (${server.exitCode}):\n${output.join('')}`);
      }
      const ok = await fetch(url).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`not ready after ${timeoutMs} ms:\n${output.join('')}`);
  };

  return {
    async start() {
      // The server serves apps/web/dist: a fresh checkout has none, and a stale one would measure old code.
      if (!options.env?.WEB_DIST_DIR) buildWebIfStale(options.root);
      const started = performance.now();
      const node = ['node', '--import', 'tsx', 'apps/server/src/server.ts'];
      const niced = options.nice > 0 ? ['nice', '-n', String(options.nice), ...node] : node;
      const command = options.cores ? ['taskset', '-c', options.cores, ...niced] : niced;
      server = spawn(command[0]!, command.slice(1), {
        cwd: options.root,
        env: {
          ...process.env,
          PORT: String(options.port),
          HOST: '127.0.0.1',
          DATA_DIR: options.dataDir,
          DEMO_DATA: 'false',
          LOG_LEVEL: 'warn',
          JOB_CONCURRENCY: '0',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      const keep = (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.length > 200) output.shift();
      };
      server.stdout!.on('data', keep);
      server.stderr!.on('data', keep);
      // BENCH_READY_MS: seeding the demo data takes longer than 3 minutes at a load average near 20.
      await waitUntilReady(
        `http://127.0.0.1:${options.port}/readyz`,
        Number(process.env.BENCH_READY_MS ?? 180_000),
      );
      return performance.now() - started;
    },
    pid: () => server?.pid,
    async stop() {
      kill();
      if (server && server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve));
    },
  };
}

function buildWebIfStale(root: string): void {
  const build = spawnSync('node', ['--import', 'tsx', 'scripts/build-web-if-stale.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('building the web app failed');
}

/**
 * Signs a customer in on the provider's real sign-in page (found by the storefront's own texts) and
 * waits to be back at `url`; bare pages take the cookies from this context.
 */
export async function signInOnProviderPage(
  context: BrowserContext,
  options: { url: string; email: string; password: string; texts: Record<string, string> },
): Promise<void> {
  const page = await context.newPage();
  await page.goto(options.url);
  await page.getByLabel(options.texts['signIn.email']!).fill(options.email);
  await page.getByLabel(options.texts['signIn.password']!).fill(options.password);
  await page.getByRole('button', { name: options.texts['signIn.submit']! }).click();
  await page.waitForURL(options.url, { timeout: 60_000 });
  await page.close();
}

/** The environment of a server started with the demo's data, as `npm start` has it, on a bench's port. */
export const demoServerEnv = (port: number, dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DEMO_DATA: 'true',
});
