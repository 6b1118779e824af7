import { z } from 'zod';
import type { CustomerRecord, CustomersRepository } from '../customers/customers.repository';
import { hashPassword, verifyPassword } from './password';
import type { MessageKey } from './messages';

/** The authentication methods reference of a customer's tokens: B2B is told apart by `b2b` (spec 6). */
export function authenticationMethodsOf(customer: Pick<CustomerRecord, 'isB2B'>): string[] {
  return customer.isB2B ? ['b2b'] : ['pwd'];
}

export interface SignedInAccount {
  accountId: string;
  amr: string[];
}

const PASSWORD_MAX = 200;

const RegistrationSchema = z.object({
  firstName: z.string().trim().min(1, 'register.firstNameRequired').max(100, 'register.firstNameRequired'),
  lastName: z.string().trim().min(1, 'register.lastNameRequired').max(100, 'register.lastNameRequired'),
  email: z.string().trim().max(254, 'register.emailInvalid').pipe(z.email('register.emailInvalid')),
  password: z.string().min(8, 'register.passwordTooShort').max(PASSWORD_MAX, 'register.passwordTooLong'),
});

export type RegistrationField = 'firstName' | 'lastName' | 'email' | 'password';
export type RegistrationErrors = Partial<Record<RegistrationField, MessageKey>>;

export type RegistrationResult =
  { ok: true; account: SignedInAccount } | { ok: false; errors: RegistrationErrors };

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

export function createSignInService(customers: CustomersRepository) {
  // Checking a password for an unknown address costs as much as for a known one, so response time
  // does not tell which addresses have an account.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword('decoy password that never matches'));

  return {
    async verifyCredentials(email: string, password: string): Promise<SignedInAccount | undefined> {
      const customer = email ? await customers.findActiveByEmail(email.trim()) : undefined;
      if (!customer || password.length > PASSWORD_MAX) {
        await verifyPassword(password.slice(0, PASSWORD_MAX), await decoy());
        return undefined;
      }
      if (!(await verifyPassword(password, customer.passwordHash))) return undefined;
      return { accountId: customer.id, amr: authenticationMethodsOf(customer) };
    },

    /** Creates a private customer; a B2B account is never made through this page. */
    async register(input: Record<RegistrationField, string>): Promise<RegistrationResult> {
      const parsed = RegistrationSchema.safeParse(input);
      if (!parsed.success) {
        const errors: RegistrationErrors = {};
        for (const issue of parsed.error.issues) {
          const name = issue.path[0] as RegistrationField;
          errors[name] ??= issue.message as MessageKey;
        }
        return { ok: false, errors };
      }
      const { firstName, lastName, email, password } = parsed.data;
      if (await customers.findActiveByEmail(email))
        return { ok: false, errors: { email: 'register.emailTaken' } };
      try {
        const customer = await customers.insert({
          email,
          firstName,
          lastName,
          passwordHash: await hashPassword(password),
          isB2B: false,
          status: 'Default',
        });
        return { ok: true, account: { accountId: customer.id, amr: authenticationMethodsOf(customer) } };
      } catch (error) {
        // Two registrations of one address at once: the unique index lets only the first through.
        if (isUniqueViolation(error)) return { ok: false, errors: { email: 'register.emailTaken' } };
        throw error;
      }
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
