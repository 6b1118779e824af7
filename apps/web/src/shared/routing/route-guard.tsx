import { Outlet } from 'react-router';
import type { FeatureFlagName } from '@photo/contracts/app-config';
import { useCustomer } from '../customer/use-customer';
import { useAppEnvironment } from '../environment/app-environment.context';
import type { FeatureFlags } from '../feature-flags/feature-flags';
import { CarryNavigate } from './app-link';

/** A route's access condition (spec 2.1, 6): a customer kind, a feature flag, or both. */
export interface AccessRule {
  /** `true`: business customers only; `false`: private customers only. */
  b2b?: boolean;
  flag?: FeatureFlagName;
}

export function canAccess(rule: AccessRule, access: { isB2B: boolean; flags: FeatureFlags }): boolean {
  if (rule.b2b !== undefined && rule.b2b !== access.isB2B) return false;
  return rule.flag === undefined || access.flags[rule.flag];
}

/** Spec 2.1: a route whose condition is false redirects to the overview. */
export function RouteGuard({ rule }: { rule: AccessRule }) {
  const { isB2B } = useCustomer();
  const { flags } = useAppEnvironment();
  return canAccess(rule, { isB2B, flags }) ? <Outlet /> : <CarryNavigate to="/" />;
}
