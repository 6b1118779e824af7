import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from '../e2e/chromium-path';
import { demoServerEnv } from './support/bench-server';

/**
 * The server's memory while two customers' uploads of a given size arrive at once (issue 14: two
 * parallel 190 MB uploads took it from 701 to 1,331 MB when a finished upload was read whole). The
 * server runs in its own process; its resident memory is sampled from /proc while the uploads run.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 8305);
const origin = `http://nl.localhost:${port}`;
const MIB = 1024 * 1024;

async function residentMib(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function waitUntilReady(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** A real JPEG followed by filler (decoders stop at its end), of about `mib` MiB. */
async function writePhoto(filePath: string, seed: number, mib: number) {
  const jpeg = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: seed, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  await writeFile(filePath, jpeg);
  const file = await open(filePath, 'a');
  const chunk = Buffer.alloc(MIB, seed);
  for (let written = 0; written < mib; written += 1) await file.write(chunk);
  await file.close();
}

async function sessionHeaders(): Promise<Record<string, string>> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.getByLabel('E-mailadres').fill('demo@example.com');
    await page.getByLabel('Wachtwoord').fill('demo-password');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL(`${origin}/`);
    const cookies = await page.context().cookies();
    return {
      cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; '),
      'x-csrf': '1',
      origin,
      host: `nl.localhost:${port}`,
    };
  } finally {
    await browser.close();
  }
}

/** One HTTP request over node:http, which (unlike fetch) sends the storefront's Host header as given. */
function send(
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: Readable,
): Promise<{ status: number; location: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: pathname, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location, text }),
      );
    });
    request.on('error', reject);
    if (body) body.pipe(request);
    else request.end();
  });
}

async function upload(headers: Record<string, string>, filePath: string, size: number) {
  const tus = { ...headers, 'tus-resumable': '1.0.0' };
  const created = await send('POST', '/api/upload/files', {
    ...tus,
    'upload-length': String(size),
    'upload-metadata': `filename ${Buffer.from(path.basename(filePath)).toString('base64')}`,
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}: ${created.text}`);
  const done = await send(
    'PATCH',
    new URL(created.location!, origin).pathname,
    {
      ...tus,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(size),
    },
    createReadStream(filePath),
  );
  if (done.status !== 200) throw new Error(`upload answered ${done.status}: ${done.text}`);
}

async function measure(pid: number, headers: Record<string, string>, files: string[], size: number) {
  const before = await residentMib(pid);
  let peak = before;
  const sampler = setInterval(() => {
    void residentMib(pid).then(
      (value) => (peak = Math.max(peak, value)),
      () => undefined,
    );
  }, 50);
  await Promise.all(files.map((file) => upload(headers, file, size)));
  clearInterval(sampler);
  return { before, peak };
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-upload-memory-'));
const server = spawn('node', ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env: demoServerEnv(port, dataDir),
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitUntilReady(`http://127.0.0.1:${port}/readyz`, 120_000);
  const headers = await sessionHeaders();
  for (const [label, mib, seeds] of [
    ['2 x 1 MB', 1, [11, 12]],
    ['2 x 190 MB', 190, [21, 22]],
  ] as const) {
    const files = await Promise.all(
      seeds.map(async (seed) => {
        const filePath = path.join(dataDir, `photo-${seed}.jpg`);
        await writePhoto(filePath, seed, mib);
        return filePath;
      }),
    );
    const { size } = await stat(files[0]!);
    const { before, peak } = await measure(server.pid!, headers, files, size);
    console.log(
      `${label} in parallel: server RSS ${before.toFixed(0)} MiB before, ${peak.toFixed(0)} MiB at the peak (+${(peak - before).toFixed(0)})`,
    );
    await Promise.all(files.map((file) => rm(file)));
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
