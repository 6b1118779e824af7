import type { CustomerStatus } from '@photo/contracts/customers';
import { hashPassword } from '../auth/password';
import type { CustomersRepository } from '../customers/customers.repository';

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
