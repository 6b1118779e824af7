/**
 * Backup and restore rehearsed (`npm run test:cluster`, PostgreSQL required): a shop with the demo
 * photos is backed up, restored into a fresh database and a fresh folder, and the restored shop
 * serves the same photos, byte for byte, to the same customer.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createCustomersRepository } from '../../apps/server/src/customers/customers.repository';
import { seedDemoAccounts } from '../../apps/server/src/demo/demo-accounts';
import { createLocalBlobStore } from '../../apps/server/src/platform/blob-store';
import { migrate, openPostgresDatabase } from '../../apps/server/src/platform/database';
import { signIn } from '../../apps/server/src/testing/sign-in';
import type { TestApp } from '../../apps/server/src/testing/test-app';
import { makeJpeg } from '../../apps/server/src/testing/test-images';
import { uploadTusFile } from '../../apps/server/src/testing/tus-client';
import { backup, restore } from './backup';

const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('backup and restore', () => {
  const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
  const databases = { source: `backup_source_${suffix}`, restored: `backup_restored_${suffix}` };
  let admin: pg.Client;
  let folder: string;
  const shops: TestApp[] = [];

  const urlOf = (database: string) => {
    const url = new URL(serverUrl!);
    url.pathname = `/${database}`;
    return url.href;
  };

  /** The real app on a database and data folder of its own, as `server.ts` would start it. */
  const openShop = async (database: string, dataDir: string, env: Record<string, string> = {}) => {
    const config = loadConfig({
      DATABASE_URL: urlOf(database),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: '8080',
      ...env,
    });
    const db = await openPostgresDatabase(urlOf(database), { maxConnections: 4 });
    await migrate(db, config.migrationsDir);
    const blobs = createLocalBlobStore(path.join(dataDir, 'blobs'));
    return { config, db, blobs };
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const database of Object.values(databases)) await admin.query(`CREATE DATABASE ${database}`);
    folder = await mkdtemp(path.join(tmpdir(), 'backup-test-'));
  });
  afterAll(async () => {
    for (const shop of shops) await shop.close();
    for (const database of Object.values(databases)) {
      // A closed pool's sockets linger a moment; dropping under them would end them with an error.
      for (let waited = 0; waited < 5000; waited += 100) {
        const { rows } = await admin.query<{ count: string }>(
          `SELECT count(*) AS count FROM pg_stat_activity WHERE datname = $1`,
          [database],
        );
        if (Number(rows[0]!.count) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
    await admin?.end();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('restores into a fresh database and folder a shop that serves the same photos', async () => {
    const source = await openShop(databases.source, path.join(folder, 'source'));
    await seedDemoAccounts(createCustomersRepository(source.db));
    const sourceApp = await buildApp({ ...source, logger: false });
    shops.push({
      ...source,
      app: sourceApp,
      close: async () => void (await sourceApp.close(), await source.db.close()),
    });
    const uploader = await signIn(shops[0]!, { email: 'demo@example.com' });
    for (const seed of [1, 2, 3]) {
      const answer = await uploadTusFile(
        shops[0]!,
        uploader,
        `photo-${seed}.jpg`,
        await makeJpeg({ width: 1600, height: 1200, seed }),
      );
      expect(answer.statusCode).toBe(200);
    }
    await sourceApp.jobs.drain();

    const manifest = await backup({
      databaseUrl: urlOf(databases.source),
      blobs: { folder: path.join(folder, 'source', 'blobs') },
      out: path.join(folder, 'backup'),
    });
    expect(manifest.blobCount).toBeGreaterThan(0);
    await restore({
      from: path.join(folder, 'backup'),
      databaseUrl: urlOf(databases.restored),
      dataDir: path.join(folder, 'restored'),
    });

    const restored = await openShop(databases.restored, path.join(folder, 'restored'), {
      JOB_CONCURRENCY: '0',
    });
    const restoredApp = await buildApp({ ...restored, logger: false });
    shops.push({
      ...restored,
      app: restoredApp,
      close: async () => void (await restoredApp.close(), await restored.db.close()),
    });

    const [before, after] = shops as [TestApp, TestApp];
    const [customerBefore, customerAfter] = [
      await signIn(before, { email: 'demo@example.com' }),
      await signIn(after, { email: 'demo@example.com' }),
    ];
    const photoIds = (await restored.db.query<{ id: string }>(`SELECT id FROM photos ORDER BY id`)).rows.map(
      (row) => row.id,
    );
    const originalIds = (await source.db.query<{ id: string }>(`SELECT id FROM photos ORDER BY id`)).rows.map(
      (row) => row.id,
    );
    expect(photoIds).toEqual(originalIds);
    expect(photoIds.length).toBeGreaterThan(0);
    for (const id of photoIds) {
      for (const variant of ['original', '300', '1300']) {
        const url = `/api/photos/files/${id}/${variant}`;
        const [a, b] = [
          await before.app.inject({ url, headers: customerBefore.headers }),
          await after.app.inject({ url, headers: customerAfter.headers }),
        ];
        expect([url, a.statusCode]).toEqual([url, 200]);
        expect([url, b.statusCode]).toEqual([url, 200]);
        expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      }
    }
  });
});
