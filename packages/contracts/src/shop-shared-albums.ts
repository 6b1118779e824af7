import { z } from 'zod/mini';
import { emailInput } from './common';
import { defineShopEndpoint } from './shop-api';
import { ParticipantsSchema } from './shared-albums';

/**
 * Shared albums are no longer supported (docs/product/overview.md, issue 23): customers cannot share an album
 * any more, but the shop's operators may still share one while they migrate customers (decision 150).
 * The invitation mail goes out in the storefront named, in its first language.
 */
export const shopSharedAlbumsApi = {
  shareAlbum: defineShopEndpoint({
    method: 'POST',
    path: '/v1/albums/:albumId/participants',
    params: z.object({ albumId: z.uuid() }),
    body: z.object({
      email: emailInput,
      storefront: z.string().check(z.minLength(2), z.maxLength(10)),
    }),
    response: ParticipantsSchema,
  }),
};
