import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { cleanLine } from '@photo/contracts/text';
import { createCustomersRepository } from '../customers/customers.repository';
import { countRecentMails, enqueueMail } from '../mail/mail-outbox.service';
import type { Database } from '../platform/database';
import { rateLimits } from '../platform/rate-limits';
import { uuidv7 } from '../platform/uuid';
import { customerCareUrlFor, LOGIN_PATH } from '../storefronts/storefront-config.service';
import type { ResolvedStorefront } from '../storefronts/storefronts';
import { CONFIRM_ACCOUNT_PATH } from './auth-paths';
import type { MessageKey } from './messages';
import { hashPassword, PASSWORD_MAX } from './password';
import { existingAccountMail, registrationConfirmationMail } from './registration.mails';
import { createRegistrationsRepository } from './registrations.repository';
import { hashSecret } from './sessions.service';
import { authenticationMethodsOf, type SignedInAccount } from './sign-in.service';

/** How long a link to finish creating an account works. */
export const REGISTRATION_LINK_HOURS = 24;

// Names go through the one text rule (decision 118) before they are checked and kept: a name of
// invisible characters only is as missing as an empty one.
const RegistrationSchema = z.object({
  firstName: z
    .string()
    .overwrite(cleanLine)
    .min(1, 'register.firstNameRequired')
    .max(100, 'register.firstNameRequired'),
  lastName: z
    .string()
    .overwrite(cleanLine)
    .min(1, 'register.lastNameRequired')
    .max(100, 'register.lastNameRequired'),
  email: z.string().trim().max(254, 'register.emailInvalid').pipe(z.email('register.emailInvalid')),
  password: z.string().min(8, 'register.passwordTooShort').max(PASSWORD_MAX, 'register.passwordTooLong'),
  business: z.boolean(),
});

export type RegistrationField = 'firstName' | 'lastName' | 'email' | 'password';
export type RegistrationErrors = Partial<Record<RegistrationField, MessageKey>>;

export type RegistrationResult = { ok: true; email: string } | { ok: false; errors: RegistrationErrors };

/** Where the form was filled in: the mails speak its language and link back to it. */
export interface RegistrationContext {
  storefront: ResolvedStorefront;
  locale: string;
  /** The sign-in in progress, continued when the link is confirmed in the same browser. */
  interactionUid: string;
}

/** What a confirmation link leads to. */
export type LinkStatus =
  | { state: 'pending'; email: string; locale: string; interactionUid: string }
  | { state: 'used' | 'invalid'; locale?: string };

export type ConfirmationResult =
  | { ok: true; account: SignedInAccount; email: string; locale: string; interactionUid: string }
  | { ok: false; state: 'used' | 'invalid'; locale?: string };

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

/**
 * Creating an account without telling anyone whether the address has one: the form always answers
 * "check your e-mail"; an unknown address gets a link that creates the account once confirmed, a
 * known one a note to its owner. Both paths hash the password, so they also take as long.
 */
export function createRegistrationService(db: Database) {
  const registrations = createRegistrationsRepository(db);

  async function linkStatus(token: string): Promise<LinkStatus> {
    const registration = await registrations.findByTokenHash(hashSecret(token));
    if (!registration) return { state: 'invalid' };
    if (registration.state === 'pending') {
      const { email, locale, interactionUid } = registration;
      return { state: 'pending', email, locale, interactionUid };
    }
    return { state: registration.state === 'confirmed' ? 'used' : 'invalid', locale: registration.locale };
  }

  return {
    async register(
      form: Record<RegistrationField, string> & { business: boolean },
      context: RegistrationContext,
    ): Promise<RegistrationResult> {
      const parsed = RegistrationSchema.safeParse(form);
      if (!parsed.success) {
        const errors: RegistrationErrors = {};
        for (const issue of parsed.error.issues) {
          const name = issue.path[0] as RegistrationField;
          errors[name] ??= issue.message as MessageKey;
        }
        return { ok: false, errors };
      }
      const { firstName, lastName, email, password, business } = parsed.data;
      const { storefront, locale } = context;
      const passwordHash = await hashPassword(password);
      const token = randomBytes(32).toString('base64url');

      await db.transaction(async (tx) => {
        const mailed = await countRecentMails(
          tx,
          email,
          [registrationConfirmationMail, existingAccountMail],
          rateLimits.registrationMails.windowSeconds,
        );
        if (mailed >= rateLimits.registrationMails.max) return;
        const owner = await createCustomersRepository(tx).findActiveByEmail(email);
        if (owner) {
          await enqueueMail(tx, {
            template: existingAccountMail,
            params: {
              firstName: owner.firstName,
              signInUrl: `${storefront.origin}${LOGIN_PATH}`,
              customerCareUrl: customerCareUrlFor(storefront),
            },
            to: owner.email,
            storefront,
            locale,
          });
          return;
        }
        await createRegistrationsRepository(tx).insert({
          id: uuidv7(),
          email,
          firstName,
          lastName,
          passwordHash,
          tokenHash: hashSecret(token),
          storefrontId: storefront.storefront.id,
          locale,
          interactionUid: context.interactionUid,
          isB2B: business,
          ttlSeconds: REGISTRATION_LINK_HOURS * 60 * 60,
        });
        await enqueueMail(tx, {
          template: registrationConfirmationMail,
          params: {
            confirmUrl: `${storefront.origin}${CONFIRM_ACCOUNT_PATH}/${token}`,
            hours: REGISTRATION_LINK_HOURS,
          },
          to: email,
          storefront,
          locale,
        });
      });
      return { ok: true, email };
    },

    linkStatus,

    /**
     * Uses the link up and creates the customer it was for: private, or B2B with status New when it
     * was made for a business (its company details follow in the B2B settings). An address that got
     * an account meanwhile (another link of the same address confirmed first) gets no second one.
     */
    async confirm(token: string): Promise<ConfirmationResult> {
      try {
        const outcome = await db.transaction(async (tx) => {
          const registration = await createRegistrationsRepository(tx).confirm(hashSecret(token));
          if (!registration) return undefined;
          const customers = createCustomersRepository(tx);
          if (await customers.findActiveByEmail(registration.email))
            return { registration, customer: undefined };
          const customer = await customers.insert({
            email: registration.email,
            firstName: registration.firstName,
            lastName: registration.lastName,
            passwordHash: registration.passwordHash,
            isB2B: registration.isB2B,
            status: registration.isB2B ? 'New' : 'Default',
          });
          await createRegistrationsRepository(tx).recordCustomer(registration.id, customer.id);
          return { registration, customer };
        });
        if (!outcome) {
          const status = await linkStatus(token);
          return { ok: false, state: status.state === 'used' ? 'used' : 'invalid', locale: status.locale };
        }
        const { registration, customer } = outcome;
        if (!customer) return { ok: false, state: 'used', locale: registration.locale };
        return {
          ok: true,
          account: { accountId: customer.id, amr: authenticationMethodsOf(customer) },
          email: customer.email,
          locale: registration.locale,
          interactionUid: registration.interactionUid,
        };
      } catch (error) {
        // Two links of one address confirmed at the same moment: the unique index lets one through.
        if (isUniqueViolation(error)) return { ok: false, state: 'used' };
        throw error;
      }
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
