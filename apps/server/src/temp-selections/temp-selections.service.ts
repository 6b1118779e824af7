import { TEMP_SELECTION_LIFETIME_HOURS, type TempSelection } from '@photo/contracts/temp-selections';
import type { Caller } from '../platform/caller';
import { notFound } from '../platform/errors';
import { isUuid, uuidv7 } from '../platform/uuid';
import type { TempSelectionsRepository } from './temp-selections.repository';

export const TEMP_SELECTIONS_HOUSEKEEPING_JOB = 'temp-selections.housekeeping';

/**
 * Selections saved for the prints editor (docs/product/states.md: order prints). Only the caller's own photos go in
 * (any other id answers 404 and nothing is stored), only the caller reads them back, and they expire
 * a day after they are made.
 */
export function createTempSelectionsService(selections: TempSelectionsRepository) {
  return {
    async create(caller: Caller, photoIds: string[]): Promise<{ tempSelectionId: string }> {
      const ids = [...new Set(photoIds)];
      const owned = ids.every(isUuid) ? await selections.countOwnedPhotos(caller.customerId, ids) : -1;
      if (owned !== ids.length) throw notFound('Photo not found');
      const id = uuidv7();
      await selections.insert({
        id,
        ownerId: caller.customerId,
        photoIds: ids,
        lifetimeHours: TEMP_SELECTION_LIFETIME_HOURS,
      });
      return { tempSelectionId: id };
    },

    async get(caller: Caller, tempSelectionId: string): Promise<TempSelection> {
      const selection = isUuid(tempSelectionId)
        ? await selections.findLive(caller.customerId, tempSelectionId)
        : undefined;
      if (!selection) throw notFound('Selection not found');
      return { tempSelectionId: selection.id, photoIds: selection.photoIds, expires: selection.expiresAt };
    },
  };
}

export type TempSelectionsService = ReturnType<typeof createTempSelectionsService>;
