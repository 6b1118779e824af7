import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The app's scripts and style sheet; source maps are for developers and go as they are. */
const COMPRESSIBLE = /\.(js|css)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/** The brotli (quality 11) and gzip (level 9) copies of one file, beside it. */
export async function precompressFile(file: string): Promise<void> {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipped(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/**
 * Writes each script and style sheet of the build compressed as well (decision 165): the server sends
 * the brotli copy to browsers that take it, about 13 % smaller than the gzip it made on the fly, and
 * spends no time compressing a file it sends a thousand times. The page is not among them: the server
 * adds its preloads per request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'photo:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(files.map((file) => precompressFile(path.join(outDir, file))));
    },
  };
}
