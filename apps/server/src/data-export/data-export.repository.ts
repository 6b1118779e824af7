import type { Queryable } from '../platform/database';

/** The account's data that no other feature's repository reads the way the export shows it. */
export function createDataExportRepository(db: Queryable) {
  return {
    /** Each album with the file names of its photos, oldest album first. */
    async albumsOf(ownerId: string) {
      const { rows } = await db.query<{ id: string; name: string; created_at: Date; photos: string[] }>(
        `SELECT a.id, a.name, a.created_at,
           coalesce(array_agg(p.local_file_name ORDER BY p.local_file_name) FILTER (WHERE p.id IS NOT NULL), '{}') AS photos
         FROM albums a
         LEFT JOIN album_photos ap ON ap.album_id = a.id
         LEFT JOIN photos p ON p.id = ap.photo_id
         WHERE a.owner_id = $1 GROUP BY a.id ORDER BY a.created_at`,
        [ownerId],
      );
      return rows.map((album) => ({
        id: album.id,
        name: album.name,
        created: album.created_at,
        photos: album.photos,
      }));
    },

    /** The newsletter consent as stored, with its proof; null when the customer never asked. */
    async newsletterConsentOf(customerId: string): Promise<Record<string, unknown> | null> {
      const { rows } = await db.query(
        `SELECT status, storefront_id, consent_text_version, requested_at, confirmed_at, confirmed_ip, unsubscribed_at
         FROM newsletter_subscriptions WHERE customer_id = $1`,
        [customerId],
      );
      return rows[0] ?? null;
    },

    /** Every photo of the owner with the name it was uploaded under. */
    async photoFilesOf(ownerId: string): Promise<Array<{ id: string; fileName: string }>> {
      const { rows } = await db.query<{ id: string; local_file_name: string }>(
        'SELECT id, local_file_name FROM photos WHERE owner_id = $1 ORDER BY id',
        [ownerId],
      );
      return rows.map((row) => ({ id: row.id, fileName: row.local_file_name }));
    },
  };
}
