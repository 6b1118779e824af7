import { z } from 'zod/mini';
import { email, isoDateTime } from './common';
import { defineShopEndpoint } from './shop-api';

/** Preview images travel base64-encoded in JSON; the decoded image may be this large. */
export const SHOP_PROJECT_PREVIEW_MAX_BYTES = 700_000;

const projectParams = z.object({ projectId: z.uuid() });

export const ShopProjectSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  storefront: z.string(),
  name: z.string(),
  productCode: z.string(),
  productName: z.string(),
  lastChanged: isoDateTime,
  hasPreview: z.boolean(),
});
export type ShopProject = z.infer<typeof ShopProjectSchema>;

/** The shop's editors save projects (docs/product/projects-and-photo-books.md: saved projects) through these calls (docs/shop-integration.md). */
export const shopProjectsApi = {
  /** Creates the project, or changes its name or product; the id is the editor's (a UUID). */
  putProject: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/projects/:projectId',
    params: projectParams,
    body: z.object({
      accountId: z.optional(z.uuid()),
      email: z.optional(email),
      storefront: z.string().check(z.minLength(2), z.maxLength(10)),
      name: z.string().check(z.minLength(1), z.maxLength(200)),
      productCode: z.string().check(z.minLength(1), z.maxLength(100)),
      productName: z.string().check(z.minLength(1), z.maxLength(200)),
    }),
    response: ShopProjectSchema,
  }),
  /** A new preview image (JPEG, PNG or WebP, base64) and with it a new last change. */
  putPreview: defineShopEndpoint({
    method: 'PUT',
    path: '/v1/projects/:projectId/preview',
    params: projectParams,
    body: z.object({
      accountId: z.uuid(),
      imageBase64: z.base64().check(z.maxLength(Math.ceil(SHOP_PROJECT_PREVIEW_MAX_BYTES / 3) * 4)),
    }),
    response: ShopProjectSchema,
  }),
  deleteProject: defineShopEndpoint({
    method: 'DELETE',
    path: '/v1/projects/:projectId',
    params: projectParams,
    body: z.object({ accountId: z.uuid() }),
    response: z.object({ deleted: z.boolean() }),
  }),
};
