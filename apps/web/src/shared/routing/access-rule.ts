import type { FeatureFlagName } from '@photo/contracts/app-config';

/** A route's access condition (docs/product/routes.md, roles.md): a customer kind, a feature flag, or both. */
export interface AccessRule {
  /** `true`: business customers only; `false`: private customers only. */
  b2b?: boolean;
  flag?: FeatureFlagName;
}

export function canAccess(
  rule: AccessRule,
  access: { isB2B: boolean; flags: Record<FeatureFlagName, boolean> },
): boolean {
  if (rule.b2b !== undefined && rule.b2b !== access.isB2B) return false;
  return rule.flag === undefined || access.flags[rule.flag];
}
