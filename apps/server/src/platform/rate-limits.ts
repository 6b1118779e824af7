import type { ErrorCode } from '@photo/contracts/errors';
import { WIDGET_SHARES_PER_HOUR } from '@photo/contracts/photo-books';
import type { UsageLimits } from '../config';
import { DomainError } from './errors';

/**
 * How a limit is counted. Every count lives in the database, so all replicas count together
 * (decision 112).
 * - `route`: `@fastify/rate-limit` on the route, counting in `rate_windows` (`rate-limit-store.ts`).
 * - `rate-window`: the service counts in `rate_windows` itself (`rate-windows.ts`).
 * - `mail-outbox`: the service counts the outbox's recent mails of the kind to the address.
 */
export type RateLimitMechanism = 'route' | 'rate-window' | 'mail-outbox';

/** What the caller gets once the limit is reached. */
export type RateLimitAnswer =
  /** The API's error body with this code. */
  | { status: 429; code: ErrorCode }
  /** A page saying how long to wait (the sign-in and registration pages). */
  | { status: 429; page: 'too many attempts' }
  /** Nothing is sent, and the answer stays the same, so the form does not tell what happened. */
  | { status: 'unchanged'; mail: 'not sent' };

export interface RateLimit {
  /** What one count is, and whose counts add up. */
  counts: string;
  /** The most per window: a number, or the setting (`config.ts`) that holds it. */
  max: number | { setting: string; configKey: keyof UsageLimits };
  windowSeconds: number;
  answer: RateLimitAnswer;
  mechanism: RateLimitMechanism;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Both sign-in failure limits share one window, so the page names one wait. */
const SIGN_IN_FAILURE_WINDOW = 15 * MINUTE;

/**
 * Every limit on what one network address, customer or mail address may do, by name: routes and
 * services read theirs here, and `docs/operations.md` lists them all (a test keeps it in step).
 */
export const rateLimits = {
  /**
   * Each start of a sign-in stores a row until its callback or expiry: a person needs a handful, a
   * flood from one network address is cut off here (decision 016).
   */
  signInStarts: {
    counts: 'starts of a sign-in per network address',
    max: 100,
    windowSeconds: 5 * MINUTE,
    answer: { status: 429, page: 'too many attempts' },
    mechanism: 'route',
  },
  /** Password spraying: one password tried on many addresses. */
  signInFailuresPerNetwork: {
    counts: 'failed sign-ins per network address, over all e-mail addresses',
    max: { setting: 'SIGN_IN_FAILURES_PER_NETWORK', configKey: 'signInFailuresPerNetwork' },
    windowSeconds: SIGN_IN_FAILURE_WINDOW,
    answer: { status: 429, page: 'too many attempts' },
    mechanism: 'rate-window',
  },
  /** Guessing one customer's password. */
  signInFailuresPerAddress: {
    counts: 'failed sign-ins per network address and e-mail address',
    max: 10,
    windowSeconds: SIGN_IN_FAILURE_WINDOW,
    answer: { status: 429, page: 'too many attempts' },
    mechanism: 'rate-window',
  },
  /** Making accounts in bulk from one network address. */
  registrations: {
    counts: 'registrations sent per network address',
    max: { setting: 'REGISTRATIONS_PER_HOUR', configKey: 'registrationsPerHour' },
    windowSeconds: HOUR,
    answer: { status: 429, page: 'too many attempts' },
    mechanism: 'route',
  },
  /**
   * Registration mails one address receives at most, whoever fills in the form: enough to ask again
   * after a lost mail, too few to flood someone's mailbox.
   */
  registrationMails: {
    counts: 'registration and existing-account mails per e-mail address',
    max: 5,
    windowSeconds: HOUR,
    answer: { status: 'unchanged', mail: 'not sent' },
    mechanism: 'mail-outbox',
  },
  /** Issue 12: 429 when asked too often. */
  identityConfirmations: {
    counts: 'e-mail change or account deletion requests per customer, each kind apart',
    max: 5,
    windowSeconds: HOUR,
    answer: { status: 429, code: 'too_many_requests' },
    mechanism: 'rate-window',
  },
  /**
   * Mails about an e-mail change one address receives at most, whichever accounts ask: enough to ask
   * again after a lost mail, too few to flood the mailbox of someone who has an account.
   */
  emailChangeMails: {
    counts: 'e-mail change and address-in-use mails per e-mail address',
    max: 5,
    windowSeconds: HOUR,
    answer: { status: 'unchanged', mail: 'not sent' },
    mechanism: 'mail-outbox',
  },
  newsletterConfirmations: {
    counts: 'newsletter confirmation mails asked for per customer',
    max: 5,
    windowSeconds: HOUR,
    answer: { status: 429, code: 'too_many_requests' },
    mechanism: 'rate-window',
  },
  /**
   * Album names and owners' addresses are words a customer chose, mailed to someone else: sharing
   * cannot be used to flood a mailbox. Shares beyond it are kept all the same; the invitee finds
   * them under 'Shared with you'.
   */
  albumInvitationMails: {
    counts: 'album invitation mails per e-mail address',
    max: 5,
    windowSeconds: DAY,
    answer: { status: 'unchanged', mail: 'not sent' },
    mechanism: 'mail-outbox',
  },
  /** A share mails a customer's own words to any address (decision 094). */
  photoBookShares: {
    counts: 'photo book share mails per customer',
    max: WIDGET_SHARES_PER_HOUR,
    windowSeconds: HOUR,
    answer: { status: 429, code: 'too_many_requests' },
    mechanism: 'rate-window',
  },
  /** Each file costs a hash, a decode and storage. */
  photoUploads: {
    counts: 'uploads started per customer',
    max: { setting: 'UPLOAD_FILES_PER_HOUR', configKey: 'uploadFilesPerHour' },
    windowSeconds: HOUR,
    answer: { status: 429, code: 'upload_rate_exceeded' },
    mechanism: 'rate-window',
  },
  /**
   * The shop's systems together (every valid token counts as the shop): high enough for a bulk sync
   * of a day's orders, a cap on a runaway loop. Calls without a valid token count per network address.
   */
  shopApiCalls: {
    counts: "shop-side API calls, the shop's tokens together",
    max: { setting: 'SHOP_API_CALLS_PER_MINUTE', configKey: 'shopApiCallsPerMinute' },
    windowSeconds: MINUTE,
    answer: { status: 429, code: 'too_many_requests' },
    mechanism: 'route',
  },
  /** Open to signed-out pages too, since sign-in failures are reported. */
  errorReports: {
    counts: 'client error reports per IP address',
    max: 60,
    windowSeconds: MINUTE,
    answer: { status: 429, code: 'too_many_requests' },
    mechanism: 'route',
  },
} as const satisfies Record<string, RateLimit>;

/** The error a service throws past a limit that answers with the API's error body. */
export const rateLimitExceeded = (limit: { answer: { status: 429; code: ErrorCode } }, message: string) =>
  new DomainError(limit.answer.code, limit.answer.status, message);
