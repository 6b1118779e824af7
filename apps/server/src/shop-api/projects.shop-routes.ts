import { shopProjectsApi, type ShopProject } from '@photo/contracts/shop-projects';
import type { CustomersRepository } from '../customers/customers.repository';
import { resolveShopCustomer } from '../customers/shop-customer';
import { conflict, invalid } from '../platform/errors';
import type { ProjectRecord } from '../projects/projects.repository';
import type { ProjectsService } from '../projects/projects.service';
import { storefronts } from '../storefronts/storefronts';
import type { ShopApiRouter } from './shop-api.router';

const toShopProject = (project: ProjectRecord): ShopProject => ({
  id: project.id,
  customerId: project.ownerId,
  storefront: project.storefrontId,
  name: project.name,
  productCode: project.productCode,
  productName: project.productName,
  lastChanged: project.updatedAt,
  hasPreview: project.previewKey !== null,
});

/** The shop's editors save, preview and delete customers' projects. */
export function registerShopProjectRoutes(
  shop: ShopApiRouter,
  deps: { projects: ProjectsService; customers: CustomersRepository },
): void {
  shop.handle(shopProjectsApi.putProject, async ({ params, body }) => {
    if (!storefronts.some((candidate) => candidate.id === body.storefront)) {
      throw invalid('body.storefront', `body.storefront: unknown storefront ${body.storefront}`);
    }
    const ownerId = await resolveShopCustomer(deps.customers, body);
    const saved = await deps.projects.saveFromShop({
      id: params.projectId,
      ownerId,
      storefrontId: body.storefront,
      name: body.name,
      productCode: body.productCode,
      productName: body.productName,
    });
    if (!saved) throw conflict('This project id belongs to another customer');
    return toShopProject(saved);
  });
  shop.handle(shopProjectsApi.putPreview, async ({ params, body }) =>
    toShopProject(
      await deps.projects.setPreviewFromShop(
        body.accountId,
        params.projectId,
        Buffer.from(body.imageBase64, 'base64'),
      ),
    ),
  );
  shop.handle(shopProjectsApi.deleteProject, async ({ params, body }) => {
    await deps.projects.deleteFromShop(body.accountId, params.projectId);
    return { deleted: true };
  });
}
