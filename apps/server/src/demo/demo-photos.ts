import sharp from 'sharp';
import type { BlobStore } from '../platform/blob-store';
import type { Database } from '../platform/database';

/** Camera dates (EXIF local time) of the photos the shop holds for the demo customer. */
const demoDates: Array<string | null> = [
  '2026:08:14 10:12:00',
  '2026:08:14 10:15:30',
  '2026:08:15 17:45:10',
  '2026:07:02 09:00:00',
  '2026:07:03 19:30:00',
  '2026:05:20 12:00:00',
  '2025:12:24 18:00:00',
  '2025:12:25 11:20:00',
  '2025:06:30 21:10:00',
  '2024:02:10 08:05:00',
  null,
];

/** A photo-like picture (soft sky, sun, hills) that differs per index, so every file is its own. */
export function demoPicture(index: number): string {
  const hue = (index * 47) % 360;
  const sunX = 150 + ((index * 83) % 500);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,65%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},80%,88%)"/>
    </linearGradient></defs>
    <rect width="1200" height="800" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="220" r="90" fill="hsl(${(hue + 180) % 360},90%,70%)"/>
    <path d="M0 600 Q 300 ${420 + (index % 4) * 30} 600 600 T 1200 580 V 800 H 0 Z" fill="hsl(${(hue + 100) % 360},45%,38%)"/>
    <path d="M0 700 Q 400 620 800 700 T 1200 690 V 800 H 0 Z" fill="hsl(${(hue + 120) % 360},40%,28%)"/>
  </svg>`;
}

/** A demo photo as the camera would have written it: a JPEG with its EXIF capture date. */
export async function demoPhotoBytes(index: number, date: string | null): Promise<Buffer> {
  const image = sharp(Buffer.from(demoPicture(index))).jpeg({ quality: 85 });
  return (date ? image.withExif({ IFD2: { DateTimeOriginal: date } }) : image).toBuffer();
}

/**
 * Gives the demo customer photos the shop already holds (from earlier orders), so activating the
 * photo library has something real to import. Runs once: a second start finds them there.
 */
export async function seedDemoPhotos(db: Database, blobs: BlobStore, ownerId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    'SELECT count(*) FROM shop_held_photos WHERE owner_id = $1',
    [ownerId],
  );
  if (Number(rows[0]!.count) > 0) return 0;
  for (const [index, date] of demoDates.entries()) {
    const bytes = await demoPhotoBytes(index, date);
    const key = `shop-held/${ownerId}/demo-${index + 1}.jpg`;
    await blobs.put(key, bytes, 'image/jpeg');
    await db.query('INSERT INTO shop_held_photos (owner_id, blob_key, file_name) VALUES ($1, $2, $3)', [
      ownerId,
      key,
      `IMG_${String(4100 + index)}.jpg`,
    ]);
  }
  return demoDates.length;
}
