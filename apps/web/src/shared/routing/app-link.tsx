import { useCallback } from 'react';
import { Link, Navigate, useLocation, useNavigate, type LinkProps } from 'react-router';
import { carryQuery } from './query-params';

/** Rewrites an in-app address so it keeps the query parameters that must survive navigation. */
export function useCarryQuery(): (to: string) => string {
  const { pathname, search } = useLocation();
  return useCallback((to: string) => carryQuery(to, { pathname, search }), [pathname, search]);
}

export function AppLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: string }) {
  const carry = useCarryQuery();
  return <Link to={carry(to)} {...props} />;
}

/** A redirect that, like every in-app navigation, carries `stripped` and the photo-area query. */
export function CarryNavigate({ to }: { to: string }) {
  const carry = useCarryQuery();
  return <Navigate to={carry(to)} replace />;
}

export function useAppNavigate(): (to: string) => void {
  const navigate = useNavigate();
  const carry = useCarryQuery();
  return useCallback((to: string) => void navigate(carry(to)), [navigate, carry]);
}
