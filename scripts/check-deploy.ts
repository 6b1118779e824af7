/**
 * Checks the image and the Kubernetes example, not only writes them (issue 24 §3): the Dockerfile
 * through the Docker language server's linter, every manifest against the Kubernetes API schemas, and
 * the rules the operations guide promises (non-root, read-only root filesystem, /readyz and /healthz).
 * Run at the end of `npm run lint`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';

type Manifest = { apiVersion?: string; kind?: string; metadata?: { name?: string }; [key: string]: unknown };

const models: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

/** The Dockerfile's problems: the linter's errors and warnings, and a root user. */
export function checkDockerfile(content: string): string[] {
  const problems = lintDockerfile(content).map(
    (diagnostic) =>
      `line ${diagnostic.range.start.line + 1}: ${typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value}`,
  );
  const users = content.split('\n').filter((line) => /^\s*USER\s+/i.test(line));
  const lastUser = users.at(-1)?.trim().split(/\s+/)[1];
  if (!lastUser || lastUser === 'root' || lastUser === '0')
    problems.push('the image must end as a non-root USER');
  return problems;
}

/** One manifest file's problems: YAML, the API schema of each object, and the pod rules. */
export function checkManifests(content: string): string[] {
  const problems: string[] = [];
  for (const document of parseAllDocuments(content)) {
    if (document.errors.length > 0) {
      problems.push(...document.errors.map((error) => `YAML: ${error.message}`));
      continue;
    }
    const manifest = document.toJS() as Manifest | null;
    if (!manifest) continue;
    const name = `${manifest.kind ?? '?'} ${manifest.metadata?.name ?? '?'}`;
    const Model = models[`${manifest.apiVersion}/${manifest.kind}`];
    if (!Model) {
      problems.push(`${name}: no schema known for ${manifest.apiVersion} ${manifest.kind}`);
      continue;
    }
    try {
      new Model(manifest as never).validate();
    } catch (error) {
      problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (manifest.kind === 'Deployment') problems.push(...checkPodRules(name, new Deployment(manifest)));
  }
  return problems;
}

function checkPodRules(name: string, deployment: Deployment): string[] {
  const problems: string[] = [];
  const pod = deployment.spec?.template.spec;
  if (pod?.securityContext?.runAsNonRoot !== true)
    problems.push(`${name}: the pod must set runAsNonRoot: true`);
  for (const container of pod?.containers ?? []) {
    const where = `${name}, container ${container.name}`;
    if (container.securityContext?.readOnlyRootFilesystem !== true) {
      problems.push(`${where}: readOnlyRootFilesystem must be true`);
    }
    if (container.readinessProbe?.httpGet?.path !== '/readyz')
      problems.push(`${where}: readinessProbe must GET /readyz`);
    if (container.livenessProbe?.httpGet?.path !== '/healthz')
      problems.push(`${where}: livenessProbe must GET /healthz`);
  }
  return problems;
}

function main(): void {
  const root = join(import.meta.dirname, '..');
  const problems = checkDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8')).map(
    (p) => `Dockerfile ${p}`,
  );
  const folder = join(root, 'deploy/kubernetes');
  for (const file of readdirSync(folder).filter((entry) => entry.endsWith('.yaml'))) {
    problems.push(...checkManifests(readFileSync(join(folder, file), 'utf8')).map((p) => `${file}: ${p}`));
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log('Dockerfile and deploy/kubernetes checked');
}

if (import.meta.filename === process.argv[1]) main();
