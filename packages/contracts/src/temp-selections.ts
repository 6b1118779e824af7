import { z } from 'zod/mini';
import { id, isoDateTime } from './common';
import { defineEndpoint } from './endpoint';
import { PhotoIdSchema } from './photos';

/**
 * docs/product/entities.md, calls.md: a selection of the caller's photos saved for the prints editor, which reads it by id.
 * A selection can hold a whole album (select all while ordering prints), so the cap is generous.
 */
export const MAX_TEMP_SELECTION_PHOTOS = 10_000;
/** Selections expire a day after they are made. */
export const TEMP_SELECTION_LIFETIME_HOURS = 24;

export const TempSelectionSchema = z.object({
  tempSelectionId: z.string(),
  photoIds: z.array(z.string()),
  expires: isoDateTime,
});
export type TempSelection = z.infer<typeof TempSelectionSchema>;

export const tempSelectionsApi = {
  create: defineEndpoint({
    service: 'tempSelections',
    method: 'POST',
    path: '/temp-selections',
    body: z.object({
      photoIds: z.array(PhotoIdSchema).check(z.minLength(1), z.maxLength(MAX_TEMP_SELECTION_PHOTOS)),
    }),
    response: z.object({ tempSelectionId: z.string() }),
    successStatus: 201,
  }),
  get: defineEndpoint({
    service: 'tempSelections',
    method: 'GET',
    path: '/temp-selections/:tempSelectionId',
    params: z.object({ tempSelectionId: id }),
    response: TempSelectionSchema,
  }),
};
