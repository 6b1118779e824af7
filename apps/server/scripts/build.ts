// The production server: the TypeScript sources bundled into apps/server/dist by esbuild, packages
// from node_modules left as imports. `node apps/server/dist/server.js` starts without compiling
// anything (decision 158): a start costs less than half the CPU of one under tsx.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(serverDir, 'dist');

/** npm packages stay imports; the workspace's own (the contracts) are bundled like the sources. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@photo/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * A module that finds a file beside itself (`new URL('assets/x.css', import.meta.url)`) keeps finding
 * it there: its `import.meta.url` is its source file's address, made from the bundle's own location, so
 * the bundle works wherever the repository's folders stand (the image copies them as they are).
 */
const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = path.relative(outdir, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

/**
 * Only the files whose bytes changed are replaced, each by a rename: a server starting from the bundle
 * while it is built again (the end-to-end and the cluster tests build it side by side in CI) reads
 * either the old file or the new one, never half of one. The build is deterministic, so building the
 * same sources again writes nothing.
 */
async function writeChanged(files: Array<{ path: string; contents: Uint8Array }>): Promise<number> {
  await mkdir(outdir, { recursive: true });
  let written = 0;
  for (const file of files) {
    const current = await readFile(file.path).catch(() => undefined);
    if (current && Buffer.compare(current, file.contents) === 0) continue;
    const partial = `${file.path}.${process.pid}.partial`;
    await writeFile(partial, file.contents);
    await rename(partial, file.path);
    written += 1;
  }
  const wanted = new Set(files.map((file) => path.basename(file.path)));
  for (const stale of (await readdir(outdir)).filter(
    (name) => !wanted.has(name) && !name.endsWith('.partial'),
  )) {
    await rm(path.join(outdir, stale), { force: true });
  }
  return written;
}

const started = performance.now();
const { outputFiles } = await build({
  entryPoints: [path.join(serverDir, 'src/server.ts')],
  outdir,
  write: false,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [packagesOutside, sourceLocations],
});
const written = await writeChanged(outputFiles);
console.log(
  `server built in ${Math.round(performance.now() - started)} ms: ${path.join(outdir, 'server.js')} (${written} of ${outputFiles.length} files changed)`,
);
