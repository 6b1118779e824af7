import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useAppNavigate } from '../../shared/routing/app-link';

/**
 * Where the browser goes after an order is placed or a payment started: a page of this app (a path)
 * or the payment provider's page (an address elsewhere, left by a full navigation).
 */
export function useContinueTo(): (continueTo: string) => void {
  const { leaveTo } = useAppEnvironment();
  const navigate = useAppNavigate();
  return (continueTo) => (continueTo.startsWith('/') ? navigate(continueTo) : leaveTo(continueTo));
}
