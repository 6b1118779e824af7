/**
 * Lists a page load's long tasks and the scripts they ran, from a Lighthouse trace kept with
 * LIGHTHOUSE_PROFILE=true (`browser-trace.ts`, `longTaskScripts`). Lighthouse counts each task 4x (its
 * CPU slowdown), so a task of 12.5 ms here is one of its 50 ms long tasks.
 *
 * `node --import tsx support/long-tasks.ts <page>.trace.json [minMs, default 10]`
 */
import { readFileSync } from 'node:fs';
import { longTaskScripts } from './browser-trace';

const [file, minMs] = process.argv.slice(2);
if (!file) throw new Error('usage: long-tasks.ts <trace.json> [minMs]');
for (const line of longTaskScripts(readFileSync(file, 'utf8'), Number(minMs ?? 10))) console.log(line);
