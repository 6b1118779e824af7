import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SpanProcessor } from '@opentelemetry/sdk-trace';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { createLocalBlobStore, type BlobStore } from '../platform/blob-store';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/database';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  blobs: BlobStore;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Wraps the folder store the app gets, e.g. to make a read fail the way a broken disk would. */
  wrapBlobs?: (blobs: BlobStore) => BlobStore;
  /** A database another test app uses too (two replicas of one cluster); it is left open on close. */
  db?: Database;
  /** The app's clock, for rules that depend on the time (orders in progress). */
  clock?: Clock;
  /** Where spans go when the env switches tracing on (an in-memory exporter's processor). */
  spanProcessor?: SpanProcessor;
  /** Told of every route as it is registered. */
  onRoute?: (route: RouteOptions) => void;
  /**
   * A failed job's retry waits until the test makes it due (`UPDATE jobs SET run_at = now()`): with the
   * queue's own backoff (2 s first) a slow machine can run it between two steps of a test.
   */
  holdRetries?: boolean;
}

const HELD_RETRY_SECONDS = 24 * 3600;

/** The real app on a fresh database and a temporary data folder, for `app.inject` tests. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'photo-test-'));
  const config = loadConfig({
    PORT: '8080',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: dataDir,
    ...env,
  });
  const db = options.db ?? (await createTestDatabase());
  const blobs = createLocalBlobStore(path.join(dataDir, 'blobs'));
  const app = await buildApp({
    config,
    db,
    blobs: options.wrapBlobs?.(blobs) ?? blobs,
    logger: false,
    clock: options.clock,
    spanProcessor: options.spanProcessor,
    onRoute: options.onRoute,
    jobRetryDelaySeconds: options.holdRetries ? () => HELD_RETRY_SECONDS : undefined,
  });
  await app.ready();
  return {
    app,
    db,
    blobs,
    config,
    close: async () => {
      await app.close();
      if (!options.db) await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
