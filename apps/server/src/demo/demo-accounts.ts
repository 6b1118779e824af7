import { emptyPostalAddress, type AddressInput } from '@photo/contracts/addresses';
import type { CustomerStatus } from '@photo/contracts/customers';
import { createAddressesRepository } from '../addresses/addresses.repository';
import { hashPassword } from '../auth/password';
import { createCustomersRepository, type CustomersRepository } from '../customers/customers.repository';
import type { Queryable } from '../platform/database';

export const DEMO_PASSWORD = 'demo-password';

export const demoAccounts: ReadonlyArray<{
  email: string;
  firstName: string;
  lastName: string;
  isB2B: boolean;
  status: CustomerStatus;
}> = [
  { email: 'demo@example.com', firstName: 'Demi', lastName: 'Jansen', isB2B: false, status: 'Default' },
  { email: 'b2b@example.com', firstName: 'Bram', lastName: 'Bakker', isB2B: true, status: 'Default' },
  { email: 'b2b-new@example.com', firstName: 'Nina', lastName: 'Novak', isB2B: true, status: 'New' },
  { email: 'b2b-blocked@example.com', firstName: 'Bo', lastName: 'Berg', isB2B: true, status: 'Blocked' },
];

/** Creates the demo accounts that do not exist yet; running it again changes nothing. */
export async function seedDemoAccounts(customers: CustomersRepository): Promise<number> {
  let created = 0;
  for (const account of demoAccounts) {
    if (await customers.findActiveByEmail(account.email)) continue;
    await customers.insert({ ...account, passwordHash: await hashPassword(DEMO_PASSWORD) });
    created += 1;
  }
  return created;
}

/** The demo accounts this database holds, in `demoAccounts` order; one a customer deleted is left out. */
export async function findDemoAccounts(customers: CustomersRepository) {
  const accounts = await Promise.all(
    demoAccounts.map((account) => customers.findActiveByEmail(account.email)),
  );
  return accounts.filter((account) => account !== undefined);
}

/**
 * The company details of the demo's business accounts, complete as art. 226 asks of their invoices
 * (decision 127). `b2b-new@example.com` has none on purpose: it shows a New account, and its invoices
 * the status that names what is missing.
 */
const demoCompanies: ReadonlyArray<{
  email: string;
  companyName: string;
  vatId: string;
  chamberOfCommerceNumber: string;
  billing: Omit<AddressInput, 'firstName' | 'lastName' | 'company'>;
}> = [
  {
    email: 'b2b@example.com',
    companyName: 'Bakker Fotografie B.V.',
    vatId: 'NL004495445B01',
    chamberOfCommerceNumber: '12345678',
    billing: {
      ...emptyPostalAddress('NL'),
      street: 'Keizersgracht',
      houseNumber: '100',
      postcode: '1015 CV',
      city: 'Amsterdam',
      isDefaultDelivery: true,
      isDefaultBilling: true,
    },
  },
  {
    email: 'b2b-blocked@example.com',
    companyName: 'Berg Foto AB',
    vatId: 'SE123456789701',
    chamberOfCommerceNumber: '123456-7897',
    billing: {
      ...emptyPostalAddress('SE'),
      street: 'Drottninggatan',
      houseNumber: '5',
      postcode: '111 51',
      city: 'Stockholm',
      isDefaultDelivery: true,
      isDefaultBilling: true,
    },
  },
];

/** Gives the demo's business accounts their company details and billing address, once: an account with a company name is left alone. */
export async function seedDemoCompanies(db: Queryable): Promise<void> {
  const customers = createCustomersRepository(db);
  const addresses = createAddressesRepository(db);
  for (const company of demoCompanies) {
    const account = await customers.findActiveByEmail(company.email);
    if (!account || account.companyName) continue;
    await customers.updateProfile(account.id, {
      ...account,
      companyName: company.companyName,
      vatId: company.vatId,
      chamberOfCommerceNumber: company.chamberOfCommerceNumber,
    });
    await addresses.insert(account.id, {
      ...company.billing,
      firstName: account.firstName,
      lastName: account.lastName,
      company: company.companyName,
    });
  }
}
