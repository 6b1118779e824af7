import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDockerfile, checkManifests } from './check-deploy';

const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('check-deploy', () => {
  it('passes the Dockerfile and the Kubernetes example as they are', () => {
    expect(checkDockerfile(read('Dockerfile'))).toEqual([]);
    for (const file of ['api.yaml', 'worker.yaml', 'config.yaml']) {
      expect(checkManifests(read(`deploy/kubernetes/${file}`))).toEqual([]);
    }
  });

  it('rejects a Dockerfile the linter faults or that runs as root', () => {
    expect(checkDockerfile('FROM node:24\nEXPOSE abc\nUSER node\n').join('\n')).toMatch(/line 2/);
    expect(checkDockerfile('FROM node:24\nCMD ["node"]\n')).toEqual([
      'the image must end as a non-root USER',
    ]);
  });

  it('rejects a manifest outside the API schema, or one that breaks the pod rules', () => {
    const api = read('deploy/kubernetes/api.yaml');
    expect(checkManifests(api.replace('replicas: 2', 'replicas: two')).join('\n')).toMatch(
      /Deployment photo-shop-api: .*replicas/,
    );
    expect(
      checkManifests(api.replace('readOnlyRootFilesystem: true', 'readOnlyRootFilesystem: false')),
    ).toEqual([expect.stringMatching(/readOnlyRootFilesystem must be true/)]);
    expect(checkManifests(api.replace('path: /readyz', 'path: /'))).toEqual([
      expect.stringMatching(/readinessProbe must GET \/readyz/),
    ]);
    expect(checkManifests('kind: [unclosed').join('\n')).toMatch(/YAML/);
  });
});
