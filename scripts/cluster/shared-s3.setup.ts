/**
 * One Ceph for the whole cluster suite (vitest.cluster.config.ts `globalSetup`): its files run side by
 * side, and three Cephs starting at once on two busy cores took longer than a monitor's minute. Each
 * file makes a bucket of its own on it. With s3rver (a start of a few milliseconds) each file starts its
 * own, as `npm run cluster` does.
 */
import type { TestProject } from 'vitest/node';
import { chooseS3Kind, startS3Gateway, type RunningS3 } from './s3-gateway';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The suite's running Ceph, when Ceph is its S3. */
    sharedS3: RunningS3 | null;
  }
}

export default async function setup(project: TestProject) {
  if (chooseS3Kind() !== 'ceph') {
    project.provide('sharedS3', null);
    return undefined;
  }
  const started = performance.now();
  const gateway = await startS3Gateway({ kind: 'ceph', buckets: [], log: (line) => console.log(line) });
  console.log(`the suite's Ceph answers S3 after ${Math.round(performance.now() - started)} ms`);
  const { kind, endpoint, accessKeyId, secretAccessKey } = gateway;
  project.provide('sharedS3', { kind, endpoint, accessKeyId, secretAccessKey });
  return () => gateway.stop();
}
