import { useSuspenseQuery } from '@tanstack/react-query';
import type { Customer } from '@photo/contracts/customers';
import { useAppEnvironment } from '../environment/app-environment.context';
import { customerQueries } from './customer.queries';

/** The signed-in customer; the signed-in routes' loader has fetched it before any of them renders. */
export function useCustomer(): Customer {
  const { request } = useAppEnvironment();
  return useSuspenseQuery(customerQueries.me(request)).data;
}
