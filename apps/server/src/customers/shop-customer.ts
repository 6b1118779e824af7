import type { CustomersRepository } from './customers.repository';
import { invalid, notFound } from '../platform/errors';

/**
 * The customer a shop call names: by account id, or by the e-mail address of a live account. With
 * both, the account id wins and the address is not looked at: an id never changes, an address can.
 */
export async function resolveShopCustomer(
  customers: CustomersRepository,
  input: { accountId?: string | undefined; email?: string | undefined },
): Promise<string> {
  if (input.accountId) {
    const customer = await customers.findById(input.accountId);
    if (customer && !customer.deleted) return customer.id;
  } else if (input.email) {
    const customer = await customers.findActiveByEmail(input.email);
    if (customer) return customer.id;
  } else {
    throw invalid('body.accountId', 'body.accountId: an accountId or an email is required');
  }
  throw notFound('No such customer');
}
