import { z } from 'zod/mini';
import { count, id, isoDateTime } from './common';
import { defineEndpoint } from './endpoint';
import { queryInteger } from './photos';

/** docs/product/limits.md: saved projects come 10 a page. */
export const PROJECTS_PAGE_SIZE = 10;
export const PROJECTS_MAX_LIMIT = 100;

/**
 * A saved project (docs/product/entities.md): a photo book, calendar or wall decor the customer started in the shop's
 * editor. The shop's editor creates, updates and deletes them through the shop-side API; the
 * customer sees them here, opens them in the editor and deletes them.
 */
export const SavedProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  productCode: z.string(),
  productName: z.string(),
  lastChanged: isoDateTime,
  /** The preview image, served to the owner only; null until the editor sent one. */
  previewUrl: z.nullable(z.string()),
  /** The storefront's editor with this project open. */
  editorUrl: z.url({ protocol: /^https?$/ }),
});
export type SavedProject = z.infer<typeof SavedProjectSchema>;

export const ProjectPageSchema = z.object({
  projects: z.array(SavedProjectSchema),
  totalProjectCount: count,
});
export type ProjectPage = z.infer<typeof ProjectPageSchema>;

export const projectsApi = {
  /** docs/product/calls.md: skip = (page - 1) * size; only the caller's own account id (any other answers 404). */
  list: defineEndpoint({
    service: 'projects',
    method: 'GET',
    path: '/api/v2/projects/:accountId',
    params: z.object({ accountId: id }),
    query: z.object({
      skip: z._default(queryInteger(0, 1_000_000), 0),
      limit: z._default(queryInteger(1, PROJECTS_MAX_LIMIT), PROJECTS_PAGE_SIZE),
    }),
    response: ProjectPageSchema,
  }),
  delete: defineEndpoint({
    service: 'projects',
    method: 'DELETE',
    path: '/api/v2/project/:id',
    params: z.object({ id }),
    response: z.void(),
    successStatus: 204,
  }),
};

/** Where the owner's browser loads a project's preview image (not a JSON call). */
export const projectPreviewPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/preview`;
