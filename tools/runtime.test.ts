import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

// The project brings its own Node (the `node` package from the npm registry), so its scripts run on
// the release .nvmrc names whatever the machine has; the three places must name the same one.
describe('the runtime', () => {
  const release = read('.nvmrc').trim();
  const manifest = JSON.parse(read('package.json')) as {
    engines: { node: string };
    devDependencies: Record<string, string>;
  };

  it('is the Node release .nvmrc names, as the `node` dependency brings it', () => {
    expect(manifest.devDependencies.node).toBe(release);
    expect(process.version).toBe(`v${release}`);
  });

  it('is Node 24 LTS, as engines says', () => {
    expect(release.split('.')[0]).toBe('24');
    expect(manifest.engines.node).toMatch(/^>=24\./);
  });
});
