import { Outlet } from 'react-router';
import { useCustomer } from '../customer/use-customer';
import { useAppEnvironment } from '../environment/app-environment.context';
import { canAccess, type AccessRule } from './access-rule';
import { CarryNavigate } from './app-link';

/** docs/product/routes.md: a route whose condition is false redirects to the overview. */
export function RouteGuard({ rule }: { rule: AccessRule }) {
  const { isB2B } = useCustomer();
  const { flags } = useAppEnvironment();
  return canAccess(rule, { isB2B, flags }) ? <Outlet /> : <CarryNavigate to="/" />;
}
