/**
 * Photo processing figures (three WebP derivatives and the placeholder per photo), printed, never
 * asserted:
 * - a generated 12 MP JPEG (4000 x 3000, EXIF orientation 6) on one core; target 300 ms;
 * - the 12 MP iPhone HEIC fixture, decoded in a worker thread; target 2 s;
 * - photos per minute with every core busy on a mix of JPEGs.
 *
 * Each measurement runs in a child process because libuv reads UV_THREADPOOL_SIZE once, when its
 * thread pool first starts (tsx's loader already starts it before this file runs). "One core" means
 * UV_THREADPOOL_SIZE=1 (one sharp task at a time) plus sharp.concurrency(1) (one libvips thread per
 * task); the HEIC decoder pool has one worker.
 */
import { fork } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  fixturesDir,
  hasFixtures,
  makePhotoLikeJpeg,
} from '../apps/server/src/photos/processing/fixture-photos';
import { createHeicDecoderPool } from '../apps/server/src/photos/processing/heic-decoder-pool';
import { processPhoto } from '../apps/server/src/photos/processing/process-photo';
import { median } from './support/stats';

const JPEG_RUNS = 7;
const HEIC_RUNS = 5;
const THROUGHPUT_PHOTOS = 36;

interface Timing {
  runs: number;
  median: number;
  min: number;
  max: number;
}

type Measurement =
  | { kind: 'jpeg-one-core'; timing: Timing; bytes: number }
  | { kind: 'heic-one-core'; timing: Timing | null }
  | { kind: 'throughput'; photos: number; seconds: number; inFlight: number; sharpThreads: number };

async function time(runs: number, task: () => Promise<unknown>): Promise<Timing> {
  await task(); // warm-up: first-call costs (WASM compile, worker start, libvips caches)
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  return { runs, median: median(samples), min: Math.min(...samples), max: Math.max(...samples) };
}

const measurements: Record<string, () => Promise<Measurement>> = {
  async 'jpeg-one-core'() {
    sharp.concurrency(1);
    const photo = await makePhotoLikeJpeg(4000, 3000, { orientation: 6 });
    return {
      kind: 'jpeg-one-core',
      timing: await time(JPEG_RUNS, () => processPhoto(photo)),
      bytes: photo.length,
    };
  },

  async 'heic-one-core'() {
    if (!hasFixtures) return { kind: 'heic-one-core', timing: null };
    sharp.concurrency(1);
    const heicDecoder = createHeicDecoderPool({ size: 1 });
    const photo = await readFile(path.join(fixturesDir, 'heic/iphone_13_pro_max.HEIC'));
    const timing = await time(HEIC_RUNS, () => processPhoto(photo, { heicDecoder }));
    await heicDecoder.close();
    return { kind: 'heic-one-core', timing };
  },

  async throughput() {
    const mix = await Promise.all([
      makePhotoLikeJpeg(4000, 3000, { orientation: 6 }),
      makePhotoLikeJpeg(3264, 2448),
      makePhotoLikeJpeg(2048, 1536, { orientation: 8 }),
    ]);
    // As many photos in flight as libuv has threads (4 unless configured), so no core waits for work.
    const inFlight = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < THROUGHPUT_PHOTOS) {
          const photo = mix[next % mix.length]!;
          next += 1;
          await processPhoto(photo);
        }
      }),
    );
    return {
      kind: 'throughput',
      photos: THROUGHPUT_PHOTOS,
      seconds: (performance.now() - started) / 1000,
      inFlight,
      sharpThreads: sharp.concurrency(),
    };
  },
};

/** Runs one measurement in a fresh Node process with the given environment. */
function measureInChild(name: string, env: Record<string, string>): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [name], { env: { ...process.env, ...env } });
    child.once('message', (message) => resolve(message as Measurement));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`measurement ${name} exited with ${code}`));
    });
  });
}

const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);

function printTimingRow(label: string, timing: Timing | null, target: string) {
  if (!timing) return console.log(`${label.padEnd(46)} skipped: fixtures folder absent`);
  const figures = [timing.median, timing.min, timing.max].map(ms).join(' ');
  console.log(`${label.padEnd(46)} ${String(timing.runs).padStart(4)} ${figures} ${target.padStart(8)}`);
}

async function main() {
  const cores = availableParallelism();
  const load = loadavg()[0]!.toFixed(1);
  const jpeg = await measureInChild('jpeg-one-core', { UV_THREADPOOL_SIZE: '1' });
  const heic = await measureInChild('heic-one-core', { UV_THREADPOOL_SIZE: '1' });
  const throughput = await measureInChild('throughput', {});

  console.log(
    `\nPhoto processing: Node ${process.versions.node}, ${cores} cores, sharp ${sharp.versions.sharp}, ` +
      `load average ${load} at start (other work on the machine skews every figure)`,
  );
  console.log(`${'case'.padEnd(46)} runs   median      min      max   target`);
  if (jpeg.kind === 'jpeg-one-core') {
    const size = `${(jpeg.bytes / 1e6).toFixed(1)} MB`;
    printTimingRow(`12 MP JPEG (${size}, orientation 6), 1 core`, jpeg.timing, '300 ms');
  }
  if (heic.kind === 'heic-one-core') {
    printTimingRow('12 MP iPhone HEIC, 1 core + 1 decoder worker', heic.timing, '2000 ms');
  }
  if (throughput.kind === 'throughput') {
    const perMinute = (throughput.photos / throughput.seconds) * 60;
    console.log(
      `\nJPEG mix (12, 8 and 3 MP), all ${cores} cores, ${throughput.inFlight} in flight, ` +
        `sharp ${throughput.sharpThreads} thread per photo: ${throughput.photos} photos in ` +
        `${throughput.seconds.toFixed(1)} s = ${perMinute.toFixed(0)} photos/min`,
    );
  }
}

const name = process.argv[2];
if (name) {
  const measure = measurements[name];
  if (!measure) throw new Error(`unknown measurement ${name}`);
  process.send?.(await measure());
  process.exit(0);
} else {
  await main();
}
