/**
 * Albums of benchmark size over a library `loadLibrary` made: one big album, one album to copy from,
 * and a thousand small ones for the album list. Photos go in through the real `album_photos` table and
 * its statement triggers (counts and month index), in set-based statements.
 */
import type { Database } from '../../apps/server/src/platform/database';
import type { LibraryShape } from './timeline-library';

export interface AlbumShape {
  /** Photos of the big album (the issue's 20,000). */
  bigAlbumPhotos: number;
  /** Photos of the album the browser bench copies from (the issue's 5,000). */
  copySourcePhotos: number;
  /** Albums of the customer in all (the issue's 1,000), each small one with `photosPerAlbum` photos. */
  albums: number;
  photosPerAlbum: number;
}

export const ISSUE_ALBUMS: AlbumShape = {
  bigAlbumPhotos: 20_000,
  copySourcePhotos: 5_000,
  albums: 1_000,
  photosPerAlbum: 5,
};

/** A library just large enough for the albums: the big month and day of the timeline bench, scaled down. */
export const ALBUM_LIBRARY: LibraryShape = {
  photos: 30_000,
  undated: 300,
  from: '2014-01-01',
  to: '2026-01-01',
  bigMonth: { year: 2023, month: 8, photos: 4_000 },
  bigDay: { date: '2020-07-16', photos: 1_500 },
  uploadsUntil: '2026-11-01',
  batches: 3,
};

export const BIG_ALBUM_NAME = 'Big album';
export const COPY_SOURCE_NAME = 'Copy source';

export interface LoadedAlbums {
  bigAlbumId: string;
  copySourceId: string;
  /** Milliseconds of the one statement that put the big album's photos in (triggers included). */
  bigAlbumInsertMs: number;
  totalMs: number;
}

const newId = `(substr(md5(random()::text), 1, 8) || '-' || substr(md5(random()::text), 1, 4) || '-7'
  || substr(md5(random()::text), 1, 3) || '-8' || substr(md5(random()::text), 1, 3) || '-'
  || substr(md5(random()::text), 1, 12))::uuid`;

async function albumWithPhotos(
  db: Database,
  ownerId: string,
  name: string,
  photos: number,
  seed: string,
): Promise<{ albumId: string; insertMs: number }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO albums (id, owner_id, name, created_at) VALUES (${newId}, $1, $2, now()) RETURNING id`,
    [ownerId, name],
  );
  const albumId = rows[0]!.id;
  const started = performance.now();
  // Photos picked all over the library (by a hash, not in id order), as a customer picks them.
  await db.query(
    `INSERT INTO album_photos (album_id, photo_id, taken_local, uploaded_at)
     SELECT $2, id, taken_local, uploaded_at FROM photos WHERE owner_id = $1
     ORDER BY md5(id::text || $4) LIMIT $3`,
    [ownerId, albumId, photos, seed],
  );
  return { albumId, insertMs: performance.now() - started };
}

export async function loadAlbums(db: Database, ownerId: string, shape: AlbumShape): Promise<LoadedAlbums> {
  const started = performance.now();
  const big = await albumWithPhotos(db, ownerId, BIG_ALBUM_NAME, shape.bigAlbumPhotos, 'big');
  const copySource = await albumWithPhotos(db, ownerId, COPY_SOURCE_NAME, shape.copySourcePhotos, 'copy');
  // The others, made over the past years (the list pages by creation), each with a few photos.
  const others = shape.albums - 2;
  await db.query(
    `INSERT INTO albums (id, owner_id, name, created_at)
     SELECT ${newId}, $1, 'Album ' || n, now() - n * interval '7 hours' FROM generate_series(1, $2) AS g(n)`,
    [ownerId, others],
  );
  await db.query(
    `WITH numbered AS (
       SELECT id, taken_local, uploaded_at, row_number() OVER (ORDER BY md5(id::text)) AS position
       FROM photos WHERE owner_id = $1
     ), small AS (
       SELECT id, row_number() OVER (ORDER BY created_at) AS position
       FROM albums WHERE owner_id = $1 AND name LIKE 'Album %'
     )
     INSERT INTO album_photos (album_id, photo_id, taken_local, uploaded_at)
     SELECT small.id, numbered.id, numbered.taken_local, numbered.uploaded_at
     FROM small CROSS JOIN generate_series(1, $2) AS k(n)
     JOIN numbered ON numbered.position = (small.position - 1) * $2 + k.n`,
    [ownerId, shape.photosPerAlbum],
  );
  await db.exec('VACUUM (ANALYZE) albums');
  await db.exec('VACUUM (ANALYZE) album_photos');
  await db.exec('ANALYZE album_month_counts');
  return {
    bigAlbumId: big.albumId,
    copySourceId: copySource.albumId,
    bigAlbumInsertMs: big.insertMs,
    totalMs: performance.now() - started,
  };
}
