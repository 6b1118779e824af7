import type { FastifyInstance } from 'fastify';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { projectsApi } from '@photo/contracts/projects';
import type { ApiRouter } from '../platform/api-router';
import type { BlobStore } from '../platform/blob-store';
import { sendBlob } from '../platform/blob-response';
import type { Authenticate } from '../platform/caller';
import { shopUrlFor } from '../storefronts/storefront-config.service';
import type { ProjectsService } from './projects.service';

export function registerProjectRoutes(
  app: FastifyInstance,
  api: ApiRouter,
  deps: { projects: ProjectsService; blobs: BlobStore; authenticate: Authenticate },
): void {
  api.handle(projectsApi.list, ({ caller, params, query, request }) =>
    deps.projects.list(caller, params.accountId, query, shopUrlFor(request.storefront)),
  );
  api.handle(projectsApi.delete, async ({ caller, params }) => {
    await deps.projects.delete(caller, params.id);
  });

  // The preview image goes to the project's owner only; a new preview has a new address.
  app.get<{ Params: { id: string } }>(
    `${serviceBasePath('projects')}/projects/:id/preview`,
    async (request, reply) => {
      const caller = await deps.authenticate(request);
      const preview = await deps.projects.preview(caller, request.params.id);
      void reply.type('image/webp').header('cache-control', 'private, max-age=31536000, immutable');
      return sendBlob(reply, deps.blobs, preview.key, preview.size, request.headers.range);
    },
  );
}
