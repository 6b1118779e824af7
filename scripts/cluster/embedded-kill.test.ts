/**
 * The embedded start (`npm start`: one process, PGlite and the blobs in DATA_DIR) killed with kill -9
 * and started again, over and over, while a customer keeps writing (issue 24 §4, decision 144). A
 * process-level test that takes minutes, so it runs with the cluster tests, not the unit suite.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createCustomersRepository } from '../../apps/server/src/customers/customers.repository';
import { seedDemoAccounts } from '../../apps/server/src/demo/demo-accounts';
import { migrate, openPgliteDatabase } from '../../apps/server/src/platform/database';
import {
  embeddedServer,
  fixturePhotos,
  expectNoWriteLost,
  photoFixturesPresent,
  startWriter,
  untilWriteInFlight,
} from './hard-kill';
import { signInOverHttp } from './http-customer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = 8390;
const CYCLES = Number(process.env.HARD_KILL_CYCLES ?? 30);

describe.runIf(photoFixturesPresent)('the embedded server (PGlite) killed with kill -9', () => {
  let dir: string | undefined;
  let server: ReturnType<typeof embeddedServer> | undefined;
  let passed = false;
  afterAll(async () => {
    await server?.stop();
    // A failed run keeps its data folder and server log for a look.
    if (dir && passed) await rm(dir, { recursive: true, force: true });
  });

  it(
    `keeps every acknowledged write, whole, through ${CYCLES} kill -9 cycles under write load`,
    { timeout: 60 * 60_000 },
    async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'embedded-kill-'));
      const dataDir = path.join(dir, 'data');
      // The demo accounts only: the demo's libraries and orders would take minutes to seed and process.
      const seeding = await openPgliteDatabase(path.join(dataDir, 'db'));
      await migrate(seeding, path.join(root, 'apps/server/migrations'));
      await seedDemoAccounts(createCustomersRepository(seeding));
      await seeding.close();
      server = embeddedServer({ root, dataDir, port: PORT, logPath: path.join(dir, 'server.log') });
      await server.start({ demoData: false });
      const url = server.url;
      const signIn = () =>
        signInOverHttp(url, {
          host: `nl.localhost:${PORT}`,
          email: 'demo@example.com',
          password: 'demo-password',
        });
      const firstSession = await signIn();
      const writer = startWriter(firstSession, await fixturePhotos(), signIn);

      const started = performance.now();
      const restarts: number[] = [];
      for (let cycle = 0; cycle < CYCLES; cycle += 1) {
        // Lean cycles: the kill lands while a write is in flight, a second or two after the server answers.
        await untilWriteInFlight(writer, 1000, 1500);
        await server.kill();
        const down = performance.now();
        // Reopening the data folder after the kill is itself a check: a damaged one does not start.
        await server.start({ demoData: false });
        restarts.push(performance.now() - down);
      }
      await writer.stop();
      const cyclesSeconds = (performance.now() - started) / 1000;

      await expectNoWriteLost(firstSession, writer, { label: 'embedded', seconds: cyclesSeconds, restarts });

      // A last kill, then the data folder opened directly: no half-written state anywhere.
      await server.kill();
      const db = new PGlite(path.join(dataDir, 'db'));
      try {
        await db.waitReady;
        const photos = (
          await db.query<{ id: string; owner_id: string; status: string; pending: boolean }>(
            `SELECT p.id, p.owner_id, p.status,
               EXISTS (SELECT 1 FROM jobs j WHERE j.kind = 'photo.process' AND j.state IN ('queued', 'running')
                       AND j.payload->>'photoId' = p.id::text) AS pending
             FROM photos p`,
          )
        ).rows;
        const halfWritten = photos.filter((photo) => {
          const original = path.join(dataDir, 'blobs', 'photos', photo.owner_id, photo.id, 'original');
          // A row whose upload the kill cut short waits for its held-back job, which removes it.
          if (photo.status === 'processing' && photo.pending) return false;
          return photo.status !== 'ready' || !existsSync(original);
        });
        expect(halfWritten).toEqual([]);
        const acknowledged = new Set(writer.acknowledged.photos);
        expect(photos.filter((photo) => acknowledged.has(photo.id)).map((photo) => photo.status)).toEqual(
          writer.acknowledged.photos.map(() => 'ready'),
        );
        // Jobs left 'running' by the kill carry a lease that lapses; none may be stuck without one.
        const stuck = await db.query(
          `SELECT id, kind FROM jobs WHERE state = 'running' AND (locked_until IS NULL OR locked_until < now() - interval '5 minutes')`,
        );
        expect(stuck.rows).toEqual([]);
      } finally {
        await db.close();
      }
      passed = true;
    },
  );
});
