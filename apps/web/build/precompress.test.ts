import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressFile } from './precompress.plugin';

describe('the build’s compressed copies', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'photo-precompress-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('are the script itself, brotli smaller than gzip and both far smaller than the script', async () => {
    const script = path.join(dir, 'app-1.js');
    const source = Array.from(
      { length: 400 },
      (_, index) => `export const label${index} = () => 'tile ${index % 37}';`,
    ).join('\n');
    await writeFile(script, source);

    await precompressFile(script);

    const br = await readFile(`${script}.br`);
    const gz = await readFile(`${script}.gz`);
    expect(brotliDecompressSync(br).toString()).toBe(source);
    expect(gunzipSync(gz).toString()).toBe(source);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(source.length / 4);
  });

  it('are not made for a file too small to gain from them', async () => {
    const script = path.join(dir, 'tiny-1.js');
    await writeFile(script, 'export {};');

    await precompressFile(script);

    await expect(readFile(`${script}.br`)).rejects.toThrow(/ENOENT/);
    await expect(readFile(`${script}.gz`)).rejects.toThrow(/ENOENT/);
  });
});
