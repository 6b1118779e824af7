import type { AppConfig } from '@photo/contracts/app-config';

/**
 * Whether photos can be sent to the prints editor (docs/product/albums.md, roles.md): the storefront's order-prints switch
 * and the prints product's capability, both decided by the server into `/config.json`.
 */
export function canOrderPrints(config: Pick<AppConfig, 'printsOrdering'>): boolean {
  return config.printsOrdering.enabled;
}
