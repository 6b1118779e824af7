/**
 * What the hard-kill tests share (issue 24 §4, decision 144): real photos to upload, uploads through
 * the product's own tus path, a writer whose acknowledged changes are kept for checking, and one
 * embedded server process (PGlite on a data folder, as `npm start` runs) to start and kill -9.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { HttpCustomer } from './http-customer';

/** The shared photo fixtures (camera makes, orientations, GPS); a CI machine can point elsewhere. */
export const PHOTO_FIXTURES = process.env.PHOTO_FIXTURES ?? '/work/shared/fixtures/photos';
export const photoFixturesPresent = existsSync(path.join(PHOTO_FIXTURES, 'orientation'));

/** The readable JPEGs among the fixtures (not `broken/`, not HEIC: every one must become ready). */
export async function fixturePhotos(): Promise<{ name: string; bytes: Buffer }[]> {
  const photos: { name: string; bytes: Buffer }[] = [];
  for (const folder of ['orientation', 'gps', 'camera']) {
    const names = (await readdir(path.join(PHOTO_FIXTURES, folder))).filter((name) => /\.jpe?g$/i.test(name));
    for (const name of names.sort()) {
      photos.push({ name, bytes: await readFile(path.join(PHOTO_FIXTURES, folder, name)) });
    }
  }
  return photos;
}

/**
 * The same picture with a JPEG comment (COM segment) right after SOI: other bytes, so another photo
 * (a re-upload of the same bytes is the same photo), still a valid JPEG that decodes the same.
 */
export function uniqueJpeg(bytes: Buffer, tag: string = randomUUID()): Buffer {
  const comment = Buffer.from(tag, 'utf8');
  const segment = Buffer.alloc(4 + comment.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  comment.copy(segment, 4);
  return Buffer.concat([bytes.subarray(0, 2), segment, bytes.subarray(2)]);
}

/** One photo through the tus upload the web app uses: create, then the whole file in one PATCH. */
export async function uploadOverTus(
  customer: HttpCustomer,
  fileName: string,
  bytes: Buffer,
): Promise<{ status: number; photoId?: string }> {
  const tus = { 'tus-resumable': '1.0.0' };
  const created = await customer.call('/api/upload/files', {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
    },
  });
  if (created.status !== 201) return { status: created.status };
  const finished = await customer.call(String(created.headers.location), {
    method: 'PATCH',
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  });
  if (finished.status !== 200) return { status: finished.status };
  return { status: 200, photoId: finished.json<{ photo: { imageId: string } }>().photo.imageId };
}

/** Changes the API acknowledged (2xx): each must be there, whole, after every kill. */
export interface Acknowledged {
  photos: string[];
  albums: { id: string; name: string }[];
}

/**
 * A customer who keeps writing (uploads of real photos, new albums) until stopped. Calls that fail
 * (connection reset by the kill, 502/503 from a restarting replica) are simply not acknowledged.
 */
export function startWriter(
  signedIn: HttpCustomer,
  photos: { name: string; bytes: Buffer }[],
  /**
   * Signs in again after a 401: while a killed replica's refresh lease lasts, the other replicas may
   * answer 401 for a moment (decision 013). The writer counts it and goes on; the session itself
   * survives every kill (decision 151), which the tests check with the first session at the end.
   */
  signInAgain: () => Promise<HttpCustomer>,
) {
  let customer = signedIn;
  let renewing: Promise<void> | undefined;
  const acknowledged: Acknowledged = { photos: [], albums: [] };
  let writing = true;
  let sequence = 0;
  let inFlight = 0;
  let refused = false;
  const attempted = { calls: 0, failed: 0, sessionsLost: 0 };
  const renewAfter = (status: number) => {
    if (status !== 401 || renewing) return renewing;
    attempted.sessionsLost += 1;
    renewing = signInAgain().then(
      (next) => {
        customer = next;
        renewing = undefined;
      },
      () => {
        renewing = undefined;
      },
    );
    return renewing;
  };
  const once = async () => {
    sequence += 1;
    const current = sequence;
    inFlight += 1;
    attempted.calls += 1;
    try {
      if (current % 3 === 0) {
        const name = `Hard kill ${current}`;
        const answer = await customer.call('/api/photos/albums', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name }),
        });
        if (answer.status === 201) {
          acknowledged.albums.push({ id: answer.json<{ albumId: string }>().albumId, name });
        } else {
          attempted.failed += 1;
          await renewAfter(answer.status);
        }
      } else {
        const photo = photos[current % photos.length]!;
        const answer = await uploadOverTus(customer, photo.name, uniqueJpeg(photo.bytes, `write-${current}`));
        if (answer.photoId) acknowledged.photos.push(answer.photoId);
        else {
          attempted.failed += 1;
          await renewAfter(answer.status);
        }
      }
    } catch (error) {
      // A refused connection is no write at all (nothing listens while the server starts again).
      if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
        attempted.calls -= 1;
        refused = true;
      } else attempted.failed += 1;
    } finally {
      inFlight -= 1;
    }
  };
  const loop = async () => {
    while (writing) {
      await once();
      await new Promise((resolve) => setTimeout(resolve, refused ? 100 : 10));
      refused = false;
    }
  };
  const running = Promise.all([loop(), loop()]);
  return {
    acknowledged,
    attempted,
    get inFlight() {
      return inFlight;
    },
    async stop() {
      writing = false;
      await running;
    },
  };
}

type Writer = ReturnType<typeof startWriter>;

/** Waits a while (`least` plus up to `spread` ms) and until a write is in flight: the kill lands mid-write. */
export async function untilWriteInFlight(writer: Writer, least: number, spread: number): Promise<void> {
  const dwell = performance.now() + least + Math.random() * spread;
  while (performance.now() < dwell || writer.inFlight === 0) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * After the kills, every acknowledged change is there (polled: a killed process's jobs come back after
 * their lease) and then whole; prints what the run measured. `customer` is the writer's first session:
 * no kill ends a session, as refresh tokens stay the same through a refresh (decision 151).
 */
export async function expectNoWriteLost(
  customer: HttpCustomer,
  writer: Writer,
  run: { label: string; seconds: number; restarts: number[] },
): Promise<void> {
  await expect
    .poll(() => missingAcknowledged(customer, writer.acknowledged, { files: false }), {
      timeout: 300_000,
      interval: 2000,
    })
    .toEqual([]);
  expect(await missingAcknowledged(customer, writer.acknowledged)).toEqual([]);
  const medianRestart = run.restarts.toSorted((a, b) => a - b)[Math.floor(run.restarts.length / 2)]!;
  console.info(
    `${run.label}: ${run.restarts.length} kill -9 cycles in ${run.seconds.toFixed(0)} s (restart median ${(
      medianRestart / 1000
    ).toFixed(1)} s); acknowledged ${writer.acknowledged.photos.length} photos, ${
      writer.acknowledged.albums.length
    } albums, ${writer.attempted.failed} of ${writer.attempted.calls} writes not acknowledged, ${
      writer.attempted.sessionsLost
    } times signed in again after a 401; no write lost`,
  );
  expect(writer.acknowledged.photos.length).toBeGreaterThan(0);
  expect(writer.acknowledged.albums.length).toBeGreaterThan(0);
}

/** Every acknowledged change is there and whole: each album, each photo ready with all its files. */
export async function missingAcknowledged(
  customer: HttpCustomer,
  acknowledged: Acknowledged,
  /** Off: only that each photo is there and ready (one call each), for polling until the jobs are done. */
  options: { files: boolean } = { files: true },
) {
  const problems: string[] = [];
  const checkAlbum = async (album: { id: string; name: string }) => {
    const answer = await customer.call(`/api/photos/albums/${album.id}`);
    if (answer.status !== 200) problems.push(`album ${album.id} (${album.name}): ${answer.status}`);
  };
  const checkPhoto = async (photoId: string) => {
    const answer = await customer.call(`/api/photos/photos/${photoId}`);
    if (answer.status !== 200) {
      problems.push(`photo ${photoId}: ${answer.status}`);
      return;
    }
    const photo = answer.json<{ url: string; untouchedUrl: string; thumbnails?: { url: string }[] }>();
    // Thumbnails are listed once the photo is processed.
    if ((photo.thumbnails ?? []).length === 0) {
      problems.push(`photo ${photoId}: not ready`);
      return;
    }
    if (!options.files) return;
    for (const url of [photo.untouchedUrl, photo.url, ...(photo.thumbnails ?? []).map((t) => t.url)]) {
      const address = new URL(url, 'http://localhost');
      const file = await customer.call(`${address.pathname}${address.search}`);
      if (file.status !== 200 || file.body.length === 0) {
        problems.push(`photo ${photoId}: ${address.pathname} answered ${file.status}`);
      }
    }
  };
  const checks = [
    ...acknowledged.albums.map((album) => () => checkAlbum(album)),
    ...acknowledged.photos.map((photoId) => () => checkPhoto(photoId)),
  ];
  // A few at a time: hundreds of files, on a machine that also runs the cluster.
  const next = async (): Promise<void> => {
    const check = checks.shift();
    if (!check) return;
    await check();
    await next();
  };
  await Promise.all([next(), next(), next(), next()]);
  return problems;
}

/** Kills what is left of a process group (the server and its exiftool helpers). */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** This process's settings without those that would turn the embedded start into a cluster replica. */
function embeddedEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name === 'DATABASE_URL' || name.startsWith('S3_')) delete env[name];
  }
  return env;
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** The default start (`npm start` without DATABASE_URL): one process, PGlite and blobs in DATA_DIR. */
export function embeddedServer(options: { root: string; dataDir: string; port: number; logPath: string }) {
  let child: ChildProcess | undefined;
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const leftovers = () => killGroup(child?.pid);
  process.once('exit', leftovers);
  return {
    url: `http://127.0.0.1:${options.port}`,
    /** Starts it and resolves once `/readyz` answers; the data folder must open, or this throws. */
    async start(settings: { demoData: boolean }) {
      if (running()) return;
      const log = createWriteStream(options.logPath, { flags: 'a' });
      child = spawn(process.execPath, ['apps/server/dist/server.js'], {
        cwd: options.root,
        env: {
          ...embeddedEnv(),
          HOST: '127.0.0.1',
          PORT: String(options.port),
          DATA_DIR: options.dataDir,
          WEB_DIST_DIR: options.dataDir,
          DEMO_DATA: String(settings.demoData),
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child.stdout!.pipe(log);
      child.stderr!.pipe(log);
      const current = child;
      const deadline = Date.now() + 240_000;
      while (Date.now() < deadline) {
        if (current.exitCode !== null) {
          throw new Error(`the server exited with ${current.exitCode}; see ${options.logPath}`);
        }
        const ok = await fetch(`http://127.0.0.1:${options.port}/readyz`, {
          signal: AbortSignal.timeout(2000),
        }).then(
          (response) => response.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the server did not start within 240 s; see ${options.logPath}`);
    },
    /** SIGKILL to the process group: no shutdown hook, no flush, no checkpoint. */
    async kill() {
      if (!child || !running()) return;
      const current = child;
      killGroup(current.pid);
      await exitOf(current);
    },
    async stop() {
      process.removeListener('exit', leftovers);
      if (!child || !running()) return;
      const current = child;
      current.kill('SIGTERM');
      await exitOf(current);
      killGroup(current.pid);
    },
  };
}
