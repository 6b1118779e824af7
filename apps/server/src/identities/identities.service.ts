import { randomBytes } from 'node:crypto';
import {
  CONFIRMATION_LINK_HOURS,
  CONFIRMATION_TOKEN_PARAM,
  IDP_TYPE,
  type EmailChangeRequest,
} from '@photo/contracts/identities';
import { verifyPassword } from '../auth/password';
import { hashSecret } from '../auth/sessions.service';
import { createCustomersRepository, type CustomerRecord } from '../customers/customers.repository';
import { countRecentMails, enqueueMail } from '../mail/mail-outbox.service';
import { createNewsletterRepository } from '../newsletter/newsletter.repository';
import type { Caller } from '../platform/caller';
import type { Clock } from '../platform/clock';
import type { Database, Queryable } from '../platform/database';
import { conflict, invalid, notFound } from '../platform/errors';
import { enqueueJob } from '../platform/job-queue';
import { rateLimitExceeded, rateLimits } from '../platform/rate-limits';
import type { RateWindows } from '../platform/rate-windows';
import { uuidv7 } from '../platform/uuid';
import { customerCareUrlFor } from '../storefronts/storefront-config.service';
import type { ResolvedStorefront } from '../storefronts/storefronts';
import { ACCOUNT_ERASE_JOB } from './account-erasure';
import { createAccountErasureRepository } from './account-erasure.repository';
import {
  createIdentityConfirmationsRepository,
  type ConfirmationKind,
} from './identity-confirmations.repository';
import {
  accountDeletionConfirmationMail,
  emailChangeConfirmationMail,
  emailChangedNoticeMail,
  emailChangeExistingAccountMail,
} from './identity.mails';

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;

export interface IdentityParams {
  idpType: string;
  idpSub: string;
}

/** The web pages that the mailed links open (docs/product/routes.md). */
const confirmationPages: Record<ConfirmationKind, string> = {
  'email-change': '/change-email-confirmation',
  'account-deletion': '/delete-account-confirmation',
};

/** The locale the customer uses on this storefront, when it is one of the storefront's. */
function localeFor(storefront: ResolvedStorefront, asked: string | undefined): string {
  const { locales } = storefront.storefront;
  return asked && locales.includes(asked) ? asked : locales[0]!;
}

/**
 * The Auth API (docs/product/calls.md, issue 12): changing the sign-in address and deleting the account, each by a
 * single-use link mailed to the address concerned and confirmed by an explicit POST.
 */
export function createIdentitiesService(deps: { db: Database; rateWindows: RateWindows; clock: Clock }) {
  const { db, clock } = deps;
  const customers = createCustomersRepository(db);

  /** Only the caller's own identity: any other answers 404, as if it did not exist. */
  async function ownAccount(caller: Caller, params: IdentityParams): Promise<CustomerRecord> {
    if (params.idpType !== IDP_TYPE || params.idpSub !== caller.customerId)
      throw notFound('Identity not found');
    const record = await customers.findById(caller.customerId);
    if (!record || record.deleted) throw notFound('Identity not found');
    return record;
  }

  async function countRequest(kind: ConfirmationKind, customerId: string): Promise<void> {
    const limit = rateLimits.identityConfirmations;
    const { count } = await deps.rateWindows.hit(`identity:${kind}:${customerId}`, limit.windowSeconds);
    if (count > limit.max) throw rateLimitExceeded(limit, 'Too many requests; try again later');
  }

  async function writeLink(
    tx: Queryable,
    kind: ConfirmationKind,
    record: CustomerRecord,
    storefront: ResolvedStorefront,
    locale: string,
    newEmail: string | null,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await createIdentityConfirmationsRepository(tx).replace(
      {
        id: uuidv7(),
        customerId: record.id,
        kind,
        newEmail,
        storefrontId: storefront.storefront.id,
        locale,
        tokenHash: hashSecret(token),
        ttlSeconds: CONFIRMATION_LINK_HOURS * 60 * 60,
      },
      clock.now(),
    );
    return `${storefront.origin}${confirmationPages[kind]}?${CONFIRMATION_TOKEN_PARAM}=${encodeURIComponent(token)}`;
  }

  return {
    async requestEmailChange(
      caller: Caller,
      params: IdentityParams,
      body: EmailChangeRequest,
      storefront: ResolvedStorefront,
    ): Promise<void> {
      const record = await ownAccount(caller, params);
      await countRequest('email-change', record.id);
      if (!(await verifyPassword(body.password, record.passwordHash))) {
        throw invalid('body.password', 'The password is not correct');
      }
      const email = body.email.trim();
      if (email.toLowerCase() === record.email.toLowerCase()) {
        throw invalid('body.email', 'This is already the account’s e-mail address');
      }
      const locale = localeFor(storefront, body.locale);
      await db.transaction(async (tx) => {
        // Past the cap nothing is sent, and the answer stays the same.
        const mailed = await countRecentMails(
          tx,
          email,
          [emailChangeConfirmationMail, emailChangeExistingAccountMail],
          rateLimits.emailChangeMails.windowSeconds,
        );
        if (mailed >= rateLimits.emailChangeMails.max) return;
        // Another account's address: answered as a free one is, so the form does not tell who has an
        // account; its owner hears of it instead, and nothing changes on either account.
        const owner = await createCustomersRepository(tx).findActiveByEmail(email);
        if (owner) {
          await enqueueMail(tx, {
            template: emailChangeExistingAccountMail,
            params: { firstName: owner.firstName, customerCareUrl: customerCareUrlFor(storefront) },
            to: owner.email,
            storefront,
            locale,
          });
          return;
        }
        const confirmUrl = await writeLink(tx, 'email-change', record, storefront, locale, email);
        await enqueueMail(tx, {
          template: emailChangeConfirmationMail,
          params: { firstName: record.firstName, confirmUrl, hours: CONFIRMATION_LINK_HOURS },
          to: email,
          storefront,
          locale,
        });
      });
    },

    async confirmEmailChange(
      caller: Caller,
      params: IdentityParams,
      token: string,
      storefront: ResolvedStorefront,
    ): Promise<{ email: string }> {
      const record = await ownAccount(caller, params);
      try {
        return await db.transaction(async (tx) => {
          const link = await createIdentityConfirmationsRepository(tx).use(
            record.id,
            'email-change',
            hashSecret(token),
            clock.now(),
          );
          if (!link?.newEmail) throw notFound('This link is no longer valid');
          const inTx = createCustomersRepository(tx);
          // Taken meanwhile: the whole confirmation rolls back, and the link stays usable.
          if (await inTx.findActiveByEmail(link.newEmail))
            throw conflict('This e-mail address is already in use');
          await inTx.updateEmail(record.id, link.newEmail);
          await createNewsletterRepository(tx).moveTo(record.id, link.newEmail);
          await enqueueMail(tx, {
            template: emailChangedNoticeMail,
            params: {
              firstName: record.firstName,
              newEmail: link.newEmail,
              customerCareUrl: customerCareUrlFor(storefront),
            },
            to: record.email,
            storefront,
            locale: link.locale,
          });
          return { email: link.newEmail };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('This e-mail address is already in use');
        throw error;
      }
    },

    async requestAccountDeletion(
      caller: Caller,
      params: IdentityParams,
      body: { locale?: string | undefined },
      storefront: ResolvedStorefront,
    ): Promise<void> {
      const record = await ownAccount(caller, params);
      await countRequest('account-deletion', record.id);
      const locale = localeFor(storefront, body.locale);
      await db.transaction(async (tx) => {
        const confirmUrl = await writeLink(tx, 'account-deletion', record, storefront, locale, null);
        await enqueueMail(tx, {
          template: accountDeletionConfirmationMail,
          params: { firstName: record.firstName, confirmUrl, hours: CONFIRMATION_LINK_HOURS },
          to: record.email,
          storefront,
          locale,
        });
      });
    },

    /**
     * The account answers 404 from this moment and is signed out everywhere; its data is erased by a
     * durable job (decision 101), which finishes after a restart if the process stops meanwhile.
     */
    async confirmAccountDeletion(caller: Caller, params: IdentityParams, token: string): Promise<void> {
      const record = await ownAccount(caller, params);
      await db.transaction(async (tx) => {
        const link = await createIdentityConfirmationsRepository(tx).use(
          record.id,
          'account-deletion',
          hashSecret(token),
          clock.now(),
        );
        if (!link) throw notFound('This link is no longer valid');
        await createCustomersRepository(tx).markDeleted(record.id);
        await createAccountErasureRepository(tx).endAllSessions(record.id);
        await enqueueJob(tx, ACCOUNT_ERASE_JOB, { customerId: record.id }, { maxAttempts: 20 });
      });
    },
  };
}

export type IdentitiesService = ReturnType<typeof createIdentitiesService>;
