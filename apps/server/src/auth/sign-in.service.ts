import type { CustomerRecord, CustomersRepository } from '../customers/customers.repository';
import { rateLimits } from '../platform/rate-limits';
import type { RateWindows } from '../platform/rate-windows';
import { PASSWORD_MAX, hashPassword, passwordNeedsRehash, verifyPassword } from './password';
import type { RegistrationsRepository } from './registrations.repository';

/** The authentication methods reference of a customer's tokens: B2B is told apart by `b2b` (docs/product/roles.md). */
export function authenticationMethodsOf(customer: Pick<CustomerRecord, 'isB2B'>): string[] {
  return customer.isB2B ? ['b2b'] : ['pwd'];
}

export interface SignedInAccount {
  accountId: string;
  amr: string[];
}

export type CredentialsCheck =
  | { outcome: 'signed-in'; account: SignedInAccount }
  /** The right password of a registration whose link was not confirmed yet. */
  | { outcome: 'unconfirmed' }
  | { outcome: 'refused' };

/** Refused before the password is checked: too many failed sign-ins from this network (HTTP 429). */
export class TooManyFailedSignInsError extends Error {
  readonly statusCode = 429;
}

export interface SignInLimits {
  failures: RateWindows;
  /** Failed sign-ins from one network, over all e-mail addresses, per window. */
  failuresPerNetwork: number;
}

export function createSignInService(
  customers: CustomersRepository,
  registrations: RegistrationsRepository,
  limits: SignInLimits,
) {
  // Checking a password for an unknown address costs as much as for a known one, so response time
  // does not tell which addresses have an account.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword('decoy password that never matches'));

  async function check(email: string, password: string): Promise<CredentialsCheck> {
    const address = email.trim();
    const customer = address ? await customers.findActiveByEmail(address) : undefined;
    if (customer && password.length <= PASSWORD_MAX) {
      if (!(await verifyPassword(password, customer.passwordHash))) return { outcome: 'refused' };
      // A hash from before the cost rose (decision 118): the password is at hand only now.
      if (passwordNeedsRehash(customer.passwordHash)) {
        await customers.replacePasswordHash(customer.id, customer.passwordHash, await hashPassword(password));
      }
      return {
        outcome: 'signed-in',
        account: { accountId: customer.id, amr: authenticationMethodsOf(customer) },
      };
    }
    // No account: a registration waiting for its link may hold this password. Checking it costs the
    // same one hash as the decoy, and says nothing unless the password is right.
    const pending = !customer && address ? await registrations.pendingPasswordHash(address) : undefined;
    const matches = await verifyPassword(password.slice(0, PASSWORD_MAX), pending ?? (await decoy()));
    return pending && matches && password.length <= PASSWORD_MAX
      ? { outcome: 'unconfirmed' }
      : { outcome: 'refused' };
  }

  return {
    /**
     * What these credentials open. Only failures count, so a customer who signs in often (on several
     * storefronts, devices) is never held up: guessing one address is capped per address and network,
     * and password spraying (one password on many addresses) per network. Once a cap is reached nothing
     * more is checked for it, the right password included, until the window ends.
     */
    async verifyCredentials(email: string, password: string, network: string): Promise<CredentialsCheck> {
      const caps = [
        {
          key: `sign-in-failures:${network}`,
          max: limits.failuresPerNetwork,
          windowSeconds: rateLimits.signInFailuresPerNetwork.windowSeconds,
        },
        {
          key: `sign-in-failures:${network}|${email.trim().toLowerCase()}`,
          max: rateLimits.signInFailuresPerAddress.max,
          windowSeconds: rateLimits.signInFailuresPerAddress.windowSeconds,
        },
      ];
      for (const cap of caps) {
        if ((await limits.failures.current(cap.key)) >= cap.max) {
          throw new TooManyFailedSignInsError('Too many failed sign-ins');
        }
      }
      const result = await check(email, password);
      if (result.outcome === 'refused') {
        for (const cap of caps) await limits.failures.hit(cap.key, cap.windowSeconds);
      }
      return result;
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
