import { z } from 'zod/mini';

/**
 * The field types many contracts share, declared once so that every call reads a moment, an
 * address or an id by the same rule.
 */

/** A moment with its offset from UTC, as the API and the shop write it. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** A calendar day without a time: a date of birth, a delivery window, a validity. */
export const isoDate = z.iso.date();

/** RFC 5321: a mail server takes no longer address. */
export const EMAIL_MAX_LENGTH = 254;

/** An e-mail address. */
export const email = z.email();

/** An e-mail address a customer sends: valid and no longer than a mail server takes. */
export const emailInput = email.check(z.maxLength(EMAIL_MAX_LENGTH));

/** An id or code another part of the system made: a photo's, an album's, an account's, an article's. */
export const id = z.string().check(z.minLength(1), z.maxLength(100));

/** The shop's codes: article codes (PAP_910), PDF codes, order ids; safe in a path and a file name. */
export const codeSchema = z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9._-]+$/));

/** How many of something there are (photos, attempts, bytes): docs/product/validation.md, an integer >= 0. */
export const count = z.int().check(z.nonnegative());

/** An amount of money in the currency's minor unit (cents). */
export const amountMinor = z.int().check(z.nonnegative());
