/**
 * A data folder for the real server holding the benchmark's million-photo library as demo@example.com:
 * `<dir>/db` (PGlite) and `<dir>/blobs` with a few real WebP thumbnails that every row's derivatives
 * share. The library comes from `loadLibrary` (support/timeline-library.ts); this module only hands it
 * to the demo account and points the derivatives at files that exist.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { hashPassword } from '../../apps/server/src/auth/password';
import { createCustomersRepository } from '../../apps/server/src/customers/customers.repository';
import { DEMO_PASSWORD, demoAccounts, seedDemoAccounts } from '../../apps/server/src/demo/demo-accounts';
import { migrate, openPgliteDatabase } from '../../apps/server/src/platform/database';
import { loadLibrary, MILLION_PHOTO_LIBRARY, type LibraryShape, type LoadTimings } from './timeline-library';

export const DEMO_EMAIL = 'demo@example.com';

/** The library (the data folder is cached by its shape, see `cacheKey`). */
export const BROWSER_SHAPE: LibraryShape = MILLION_PHOTO_LIBRARY;
export { DEMO_PASSWORD };

/** Files per derivative size; rows pick one by their id, so neighbouring tiles differ. */
const FILES_PER_SIZE = 3;
const SIZES = [300, 800, 1300] as const;
const COLORS = ['#3a7d5c', '#c0623a', '#3a5fc0'];
/** Bump when what `prepareDataFolder` writes changes, so cached folders are rebuilt. */
const PREPARATION_VERSION = 1;

export interface PreparedFolder {
  dir: string;
  reused: boolean;
  ownerId: string;
  /** Milliseconds of the whole preparation, 0 when reused. */
  totalMs: number;
  load?: LoadTimings;
  sharedFilesMs?: number;
  vacuumMs?: number;
}

interface Marker {
  key: string;
  ownerId: string;
}

const repoRoot = path.resolve(import.meta.dirname, '../..');
const migrationsDir = path.join(repoRoot, 'apps/server/migrations');

/** What the cached folder depends on: the shape, the loader's code and this module's version. */
function cacheKey(shape: LibraryShape): string {
  const loader = readFileSync(path.join(import.meta.dirname, 'timeline-library.ts'), 'utf8');
  return createHash('sha256')
    .update(JSON.stringify({ shape, version: PREPARATION_VERSION }))
    .update(loader)
    .digest('hex')
    .slice(0, 16);
}

/** Small real images, as processing would have stored them (WebP, long edge = size). */
async function writeSharedFiles(blobsDir: string): Promise<void> {
  const folder = path.join(blobsDir, 'bench');
  mkdirSync(folder, { recursive: true });
  for (const size of SIZES) {
    for (let n = 0; n < FILES_PER_SIZE; n += 1) {
      const height = Math.round((size * 3) / 4);
      const stripe = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${height}">
          <rect width="100%" height="100%" fill="${COLORS[n]}"/>
          <circle cx="${size / 2}" cy="${height / 2}" r="${height / 3}" fill="#f3e9c6"/>
        </svg>`,
      );
      await sharp(stripe)
        .webp({ quality: 70 })
        .toFile(path.join(folder, `${size}-${n}.webp`));
    }
  }
}

/**
 * Prepares (or, when `dir` already holds a complete folder of the same key, reuses) the data folder.
 * The folder is complete only when its marker file exists; a half-written one is wiped first.
 */
export async function prepareDataFolder(
  dir: string,
  shape: LibraryShape,
  log: (line: string) => void,
): Promise<PreparedFolder> {
  const key = cacheKey(shape);
  const markerFile = path.join(dir, 'bench-prepared.json');
  if (existsSync(markerFile)) {
    const marker = JSON.parse(readFileSync(markerFile, 'utf8')) as Marker;
    if (marker.key === key) return { dir, reused: true, ownerId: marker.ownerId, totalMs: 0 };
  }
  // Only a folder this module made (or an empty one) is wiped, never one that holds anything else.
  // The server it starts adds 'uploads' (resumable uploads in progress).
  const ours = new Set(['db', 'blobs', 'uploads', 'bench-prepared.json']);
  if (existsSync(dir) && readdirSync(dir).some((entry) => !ours.has(entry))) {
    throw new Error(`${dir} holds files this bench did not write; choose another data folder`);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const db = await openPgliteDatabase(path.join(dir, 'db'));
  try {
    await migrate(db, migrationsDir);
    const { ownerId, timings } = await loadLibrary(db, shape, (done) =>
      log(
        `  loaded ${done.toLocaleString('en-US')} photos (${((performance.now() - started) / 1000).toFixed(0)} s)`,
      ),
    );

    // The loader makes its own customer; it becomes demo@example.com (the seeded demo account is only
    // created afterwards, for the other demo accounts, and skips an e-mail address that exists).
    const demo = demoAccounts.find((account) => account.email === DEMO_EMAIL)!;
    await db.query(
      `UPDATE customers SET email = $2, password_hash = $3, first_name = $4, last_name = $5, is_b2b = $6, status = $7
       WHERE id = $1`,
      [
        ownerId,
        demo.email,
        await hashPassword(DEMO_PASSWORD),
        demo.firstName,
        demo.lastName,
        demo.isB2B,
        demo.status,
      ],
    );
    await seedDemoAccounts(createCustomersRepository(db));
    await db.query(
      `INSERT INTO photo_libraries (owner_id, status) VALUES ($1, 'ACTIVE')
       ON CONFLICT (owner_id) DO UPDATE SET status = 'ACTIVE'`,
      [ownerId],
    );

    // Every row's derivatives point at one of a few shared files ("derivatives may share a few image
    // files"), in one set-based statement; the size, width and height stay as loaded.
    // Without the secondary indexes the update only rewrites the heap (44 s instead of 280 s for a
    // million rows on PGlite); they are rebuilt from their own definitions, as the loader does.
    let phase = performance.now();
    await writeSharedFiles(path.join(dir, 'blobs'));
    const { rows: indexes } = await db.query<{ name: string; definition: string }>(
      `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
       WHERE schemaname = current_schema() AND tablename = 'photos'
         AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'photos'::regclass)`,
    );
    for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);
    await db.transaction(async (tx) => {
      await tx.query(`SET LOCAL session_replication_role = replica`);
      await tx.query(
        `UPDATE photos SET derivatives = (
           SELECT jsonb_agg(
             jsonb_set(d, '{key}', to_jsonb('bench/' || (d->>'size') || '-' || (get_byte(uuid_send(id), 15) % ${FILES_PER_SIZE}) || '.webp'))
             ORDER BY o)
           FROM jsonb_array_elements(derivatives) WITH ORDINALITY AS e(d, o))
         WHERE owner_id = $1`,
        [ownerId],
      );
    });
    for (const index of indexes) {
      await db.transaction(async (tx) => {
        await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
        await tx.query(index.definition);
      });
    }
    const sharedFilesMs = performance.now() - phase;
    log(`  derivatives point at the shared files (${(sharedFilesMs / 1000).toFixed(0)} s)`);

    phase = performance.now();
    await db.exec(`VACUUM (ANALYZE) photos`);
    const vacuumMs = performance.now() - phase;
    log(`  vacuumed (${(vacuumMs / 1000).toFixed(0)} s)`);

    const totalMs = performance.now() - started;
    writeFileSync(markerFile, JSON.stringify({ key, ownerId } satisfies Marker));
    return { dir, reused: false, ownerId, totalMs, load: timings, sharedFilesMs, vacuumMs };
  } finally {
    await db.close();
  }
}
