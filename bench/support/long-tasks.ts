/**
 * Lists a page load's long tasks and the scripts they ran, from a Lighthouse trace kept with
 * LIGHTHOUSE_PROFILE=true (`browser-trace.ts`, `longTaskScripts`). Lighthouse counts each task 4x (its
 * CPU slowdown), so a task of 12.5 ms here is one of its 50 ms long tasks. Functions are named by the
 * web app's source maps (`apps/web/dist/assets`), so run it against the build the trace was taken with.
 *
 * `node --import tsx support/long-tasks.ts <page>.trace.json [minMs, default 10]`
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { longTaskScripts, type SourceNamer } from './browser-trace';

const assets = path.resolve(import.meta.dirname, '../../apps/web/dist/assets');
const maps = new Map<string, SourceMapConsumer | null>();

const nameSource: SourceNamer = (file, line, column) => {
  if (!maps.has(file)) {
    const mapFile = path.join(assets, `${file}.map`);
    maps.set(
      file,
      existsSync(mapFile)
        ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, 'utf8')) as RawSourceMap)
        : null,
    );
  }
  // The profile's positions count from 0, the source map's lines from 1.
  const original = maps.get(file)?.originalPositionFor({ line: line + 1, column });
  if (!original?.source) return undefined;
  const source = original.source.replace(/^.*?(src|node_modules)\//, '');
  return `${source}:${original.line}${original.name ? ` ${original.name}` : ''}`;
};

const [file, minMs] = process.argv.slice(2);
if (!file) throw new Error('usage: long-tasks.ts <trace.json> [minMs, default 10]');
for (const line of longTaskScripts(readFileSync(file, 'utf8'), Number(minMs ?? 10), nameSource)) {
  console.log(line);
}
