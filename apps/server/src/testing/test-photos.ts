import { createCustomersRepository } from '../customers/customers.repository';
import type { Queryable } from '../platform/database';
import { uuidv7 } from '../platform/uuid';
import { createPhotosRepository } from '../photos/photos.repository';

/**
 * Photo rows straight into the table, one per local taken date (null: no date), in order: paging and
 * album tests need many photos, not many decodes. Resolves to their ids.
 */
export async function insertTestPhotos(
  db: Queryable,
  ownerId: string,
  dates: Array<string | null>,
  namePrefix = 'photo',
): Promise<string[]> {
  const repository = createPhotosRepository(db);
  const ids: string[] = [];
  for (const [index, takenLocal] of dates.entries()) {
    const id = uuidv7();
    await repository.insert({
      id,
      ownerId,
      uploadId: 'u',
      localFileName: `${namePrefix}-${index}.jpg`,
      contentHash: `${id}-${takenLocal}`,
      mimeType: 'image/jpeg',
      byteSize: 1,
      width: 4,
      height: 3,
      visibleWidth: 4,
      visibleHeight: 3,
      orientation: 1,
      takenLocal,
      takenOffset: null,
    });
    ids.push(id);
  }
  return ids;
}

/** A customer of its own for one test. */
export async function insertTestCustomer(db: Queryable, email = `${uuidv7()}@example.com`): Promise<string> {
  const customer = await createCustomersRepository(db).insert({
    email,
    passwordHash: 'unused',
    firstName: 'Test',
    lastName: 'Customer',
    isB2B: false,
    status: 'Default',
  });
  return customer.id;
}
