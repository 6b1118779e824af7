import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from './database';
import { startJobWorker, type BackgroundWork } from './job-queue';
import type { Metrics } from './metrics';
import { traceJobs } from './tracing';

/**
 * The one job worker of this process, with every feature's job handlers and schedules; its jobs
 * are traced and counted when tracing and metrics are configured (decisions 113, 114).
 */
export function startBackgroundWork(deps: {
  db: Database;
  config: Pick<AppConfig, 'jobConcurrency' | 'jobLeaseSeconds'>;
  logger: FastifyBaseLogger;
  work: BackgroundWork[];
  traced: boolean;
  metrics: Metrics | undefined;
  retryDelaySeconds?: (attempts: number) => number;
}) {
  const { metrics } = deps;
  const handlers = Object.assign({}, ...deps.work.map((each) => each.handlers)) as BackgroundWork['handlers'];
  return startJobWorker({
    db: deps.db,
    logger: deps.logger,
    concurrency: deps.config.jobConcurrency,
    leaseSeconds: deps.config.jobLeaseSeconds,
    retryDelaySeconds: deps.retryDelaySeconds,
    onJobEnded: metrics && ((kind, outcome, seconds) => metrics.jobFinished(kind, outcome, seconds)),
    handlers: deps.traced ? traceJobs(handlers) : handlers,
    schedules: deps.work.flatMap((each) => each.schedules ?? []),
  });
}
