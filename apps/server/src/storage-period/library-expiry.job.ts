import type { FastifyBaseLogger } from 'fastify';
import { STORAGE_PERIOD_MONTHS } from '@photo/contracts/storage-period';
import { createDownloadsRepository } from '../downloads/downloads.repository';
import { archivePrefix, downloadJobs } from '../downloads/downloads.service';
import { enqueueMail } from '../mail/mail-outbox.service';
import { createAlbumsRepository } from '../photos/albums.repository';
import { createPhotosRepository } from '../photos/photos.repository';
import { photoJobs } from '../photos/photos.service';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/database';
import { enqueueJob, type BackgroundWork } from '../platform/job-queue';
import { shopUrlFor } from '../storefronts/storefront-config.service';
import type { StorefrontResolver } from '../storefronts/storefronts';
import { storageExpiryNoticeMail } from './storage-expiry-mail';
import { addMonths, projectedDeletionDate } from './storage-period';
import { createStoragePeriodRepository, type ExpiryCandidate } from './storage-period.repository';

export const LIBRARY_EXPIRY_JOB = 'storage.library-expiry';
/** Looked at four times a day: a notice or a deletion is at most six hours late. */
const EXPIRY_EVERY_SECONDS = 6 * 60 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;
export const NOTICE_DAYS = { '30-days': 30, '7-days': 7 } as const;
type Notice = keyof typeof NOTICE_DAYS;

class LibraryBusy extends Error {}

/**
 * The scheduled deletion of expired libraries (decision 087). A customer is mailed 30 and 7 days before
 * the deletion date; the library (photos with their files, albums, archives, photos the shop holds) is
 * deleted once the date has passed AND the 7-day notice for that very date went out at least 7 days
 * earlier, so nobody loses photos without a week's warning. The date is computed again under a lock
 * on the customer right before deleting: an order that moved it saves the library.
 */
export function createLibraryExpiryWork(deps: {
  db: Database;
  clock: Clock;
  storefronts: StorefrontResolver;
  logger: FastifyBaseLogger;
}): BackgroundWork {
  const { db, clock, storefronts, logger } = deps;

  const sendNotice = (candidate: ExpiryCandidate, deletion: Date, notice: Notice, now: Date) =>
    db.transaction(async (tx) => {
      if (
        !(await createStoragePeriodRepository(tx).recordNotice(candidate.customerId, deletion, notice, now))
      )
        return;
      const resolved = storefronts.byId(candidate.storefrontId);
      const locale =
        candidate.locale && resolved.storefront.locales.includes(candidate.locale)
          ? candidate.locale
          : resolved.storefront.locales[0]!;
      await enqueueMail(tx, {
        template: storageExpiryNoticeMail,
        params: {
          deletionDate: deletion.toISOString(),
          photosUrl: `${resolved.origin}/my-photos/photos`,
          shopUrl: shopUrlFor(resolved),
        },
        to: candidate.email,
        storefront: resolved,
        locale,
      });
    });

  const deleteLibrary = (customerId: string, deletion: Date, now: Date) =>
    db.transaction(async (tx) => {
      const storage = createStoragePeriodRepository(tx);
      const dates = await storage.lockCustomer(customerId);
      if (!dates) return false;
      // An order placed since the customer was picked moved the date: nothing is deleted.
      if (projectedDeletionDate(dates.lastOrderAt, dates.registeredAt).getTime() !== deletion.getTime())
        return false;
      if (!(await storage.recordExpiry(customerId, deletion, now))) return false;
      // The library's own delete-all path: status DELETING and the job that removes photos with their files.
      const photos = createPhotosRepository(tx);
      if (await photos.transitionLibrary(customerId, ['ACTIVE', 'NOT_ACTIVE'], 'DELETING')) {
        await enqueueJob(tx, photoJobs.deleteAll, { ownerId: customerId });
      } else if ((await photos.libraryStatus(customerId)) === 'IMPORTING') {
        throw new LibraryBusy();
      }
      await createAlbumsRepository(tx).deleteAllOwnedBy(customerId);
      const archives = await createDownloadsRepository(tx).deleteAllOwnedBy(customerId);
      if (archives.length > 0) {
        await enqueueJob(tx, downloadJobs.deleteFiles, {
          prefixes: archives.map((archive) => archivePrefix(archive.ownerId, archive.id)),
        });
      }
      const held = await photos.deleteShopHeldPhotos(customerId);
      if (held.length > 0) await enqueueJob(tx, photoJobs.deleteFiles, { keys: held });
      return true;
    });

  const handle = async (candidate: ExpiryCandidate, now: Date) => {
    const deletion = projectedDeletionDate(candidate.lastOrderAt, candidate.registeredAt);
    const left = deletion.getTime() - now.getTime();
    if (left > NOTICE_DAYS['30-days'] * DAY_MS) return;
    if (left > NOTICE_DAYS['7-days'] * DAY_MS) return sendNotice(candidate, deletion, '30-days', now);
    if (left > 0) return sendNotice(candidate, deletion, '7-days', now);
    const storage = createStoragePeriodRepository(db);
    const warned = await storage.noticeSentAt(candidate.customerId, deletion, '7-days');
    // A date reached without its 7-day notice (the job was off): warn now, delete a week later.
    if (!warned) return sendNotice(candidate, deletion, '7-days', now);
    if (now.getTime() - warned.getTime() < NOTICE_DAYS['7-days'] * DAY_MS) return;
    if (await deleteLibrary(candidate.customerId, deletion, now))
      logger.info(
        { customerId: candidate.customerId, deletionDate: deletion },
        'expired photo library deleted',
      );
  };

  return {
    handlers: {
      [LIBRARY_EXPIRY_JOB]: async () => {
        const now = clock.now();
        // Only periods that end within the notice window can need anything.
        const startedBefore = addMonths(
          new Date(now.getTime() + (NOTICE_DAYS['30-days'] + 1) * DAY_MS),
          -STORAGE_PERIOD_MONTHS,
        );
        for (const candidate of await createStoragePeriodRepository(db).expiryCandidates(startedBefore)) {
          await handle(candidate, now).catch((error: unknown) => {
            // One customer's trouble (an import running) must not hold up the others; the next run retries.
            if (error instanceof LibraryBusy) return;
            logger.error({ err: error, customerId: candidate.customerId }, 'library expiry failed');
          });
        }
      },
    },
    schedules: [{ name: LIBRARY_EXPIRY_JOB, kind: LIBRARY_EXPIRY_JOB, everySeconds: EXPIRY_EVERY_SECONDS }],
  };
}
