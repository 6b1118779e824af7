import { postalAddressLines } from '@photo/contracts/addresses';
import type { createAddressesRepository } from '../addresses/addresses.repository';
import type { CustomersRepository } from '../customers/customers.repository';
import type { ReadBuyer } from './invoices.service';

/**
 * The buyer of an invoice from the account as it is when the order is confirmed: the company name
 * and VAT id of the personal details, and the default billing address (else the first address). What
 * the account lacks is left empty for the invoice rules to name (decision 127), never filled in.
 */
export function accountBuyerReader(deps: {
  customers: CustomersRepository;
  addresses: Pick<ReturnType<typeof createAddressesRepository>, 'list'>;
}): ReadBuyer {
  return async (customerId, countryName) => {
    const customer = await deps.customers.findById(customerId);
    if (!customer || customer.deleted) return undefined;
    const addresses = await deps.addresses.list(customerId);
    const billing = addresses.find((address) => address.isDefaultBilling) ?? addresses[0];
    return {
      isB2B: customer.isB2B,
      companyName: customer.companyName?.trim() || billing?.company.trim() || null,
      holderName: `${customer.firstName} ${customer.lastName}`.trim() || customer.email,
      addressLines: billing
        ? postalAddressLines(billing, countryName(billing.country), { recipient: false })
        : [],
      country: billing?.country ?? null,
      vatId: customer.vatId?.trim() || null,
    };
  };
}
