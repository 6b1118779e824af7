import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UsageLimits } from '../config';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';
import { createRateWindows } from '../platform/rate-windows';
import { uuidv7 } from '../platform/uuid';
import { createAlbumsRepository } from '../photos/albums.repository';
import { createPhotoIngestService } from '../photos/photo-ingest.service';
import { createPhotosRepository } from '../photos/photos.repository';
import { createSharedAlbumsRepository } from '../shared-albums/shared-albums.repository';
import { demoPhotoBytes } from './demo-photos';

/** Albums of the demo customer: names and the shop-held photos (by position) each starts with. */
const demoCustomerAlbums = [
  { name: 'Summer 2026', photos: [0, 1, 2, 3, 4, 5] },
  { name: 'Christmas 2025', photos: [6, 7] },
];

/** The friend's photos (capture dates) of the album shared with the demo customer. */
const sharedAlbum = {
  name: 'Lake weekend',
  dates: ['2026:06:12 09:30:00', '2026:06:12 16:05:00', '2026:06:13 11:45:00'],
};

/**
 * Gives `npm start` something to show under Albums: two albums of the demo customer, made of photos
 * the shop holds for them (taken into the library now; the import on the first visit finds them there
 * and stores nothing twice), and an album another demo account shares with them. Runs once: a second
 * start finds the albums.
 */
export async function seedDemoAlbums(
  db: Database,
  blobs: BlobStore,
  limits: UsageLimits,
  accounts: { customerId: string; friendId: string; customerEmail: string },
): Promise<number> {
  const albums = createAlbumsRepository(db);
  // Seeded once: albums of either account mean a start before this one did it.
  const photos = createPhotosRepository(db);
  if ((await photos.countAlbums(accounts.customerId)) + (await photos.countAlbums(accounts.friendId)) > 0) {
    return 0;
  }
  const ingest = createPhotoIngestService(db, blobs, { rateWindows: createRateWindows(db), limits });
  const ingestGenerated = async (ownerId: string, uploadId: string, fileName: string, bytes: Buffer) => {
    const filePath = path.join(tmpdir(), `demo-${randomUUID()}.jpg`);
    await writeFile(filePath, bytes);
    try {
      return await ingest.ingest({ ownerId, uploadId, fileName, filePath, source: 'import' });
    } finally {
      await rm(filePath, { force: true });
    }
  };
  const held = await photos.shopHeldPhotos(accounts.customerId);

  for (const album of demoCustomerAlbums) {
    const photoIds: string[] = [];
    for (const position of album.photos) {
      const photo = held[position];
      if (!photo) continue;
      const result = await blobs.withLocalFile(photo.blobKey, (filePath) =>
        ingest.ingest({
          ownerId: accounts.customerId,
          uploadId: `import-${photo.id}`,
          fileName: photo.fileName,
          filePath,
          source: 'import',
        }),
      );
      photoIds.push(result.photo.id);
    }
    const { id } = await albums.insert({ id: uuidv7(), ownerId: accounts.customerId, name: album.name });
    await albums.addPhotos(accounts.customerId, id, photoIds);
  }

  const friendPhotos: string[] = [];
  for (const [index, date] of sharedAlbum.dates.entries()) {
    const result = await ingestGenerated(
      accounts.friendId,
      'demo-lake-weekend',
      `lake-${index + 1}.jpg`,
      await demoPhotoBytes(40 + index, date),
    );
    friendPhotos.push(result.photo.id);
  }
  const { id: sharedId } = await albums.insert({
    id: uuidv7(),
    ownerId: accounts.friendId,
    name: sharedAlbum.name,
  });
  await albums.addPhotos(accounts.friendId, sharedId, friendPhotos);
  await createSharedAlbumsRepository(db).invite({
    id: uuidv7(),
    albumId: sharedId,
    email: accounts.customerEmail,
  });
  return demoCustomerAlbums.length + 1;
}
