/** The demo accounts the server seeds with `DEMO_DATA=true` (apps/server/src/demo/demo-accounts.ts). */
export interface DemoAccount {
  email: string;
  password: string;
  /** As the overview greets them. */
  name: string;
}

const password = 'demo-password';

export const privateCustomer: DemoAccount = { email: 'demo@example.com', password, name: 'Demi Jansen' };
export const businessCustomer: DemoAccount = { email: 'b2b@example.com', password, name: 'Bram Bakker' };
export const newBusinessCustomer: DemoAccount = {
  email: 'b2b-new@example.com',
  password,
  name: 'Nina Novak',
};
export const blockedBusinessCustomer: DemoAccount = {
  email: 'b2b-blocked@example.com',
  password,
  name: 'Bo Berg',
};

/** Registered 18 months less 12 days before the server's first start, never ordered (decision 087). */
export const lapsingCustomer: DemoAccount = { email: 'lapsing@example.com', password, name: 'Lotte Laps' };
