import { z } from 'zod/mini';
import { email, emailInput } from './common';
import { defineEndpoint } from './endpoint';

/**
 * The Auth API of docs/product/calls.md: changes to the identity the OpenID Provider signs in (its e-mail address)
 * and the deletion of the account. `idpType`/`idpSub` name the identity (docs/product/entities.md); this product's own
 * provider is `photo-shop` and the subject is the customer id.
 */
export const IDP_TYPE = 'photo-shop';

/** Links of confirmation mails work this long, and once. */
export const CONFIRMATION_LINK_HOURS = 24;

/** The query parameter of the confirmation pages the mailed links open (docs/product/routes.md). */
export const CONFIRMATION_TOKEN_PARAM = 'confirmation-token';

const IdentityParamsSchema = z.object({
  idpType: z.string().check(z.minLength(1)),
  idpSub: z.string().check(z.minLength(1)),
});
const TokenParamsSchema = z.extend(IdentityParamsSchema, {
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});

export const EmailChangeRequestSchema = z.object({
  email: emailInput,
  /** The storefront asking (docs/product/calls.md), e.g. `NL`. */
  channel: z.string().check(z.minLength(1)),
  /** The customer's current password, asked again before the sign-in identifier changes. */
  password: z.string().check(z.minLength(1), z.maxLength(200)),
  /** The storefront locale the mail is written in (Belgium: nl-BE or fr-BE). */
  locale: z.optional(z.string()),
});
export type EmailChangeRequest = z.infer<typeof EmailChangeRequestSchema>;

export const AccountDeletionRequestSchema = z.object({
  channel: z.string().check(z.minLength(1)),
  locale: z.optional(z.string()),
});

export const EmailChangeConfirmedSchema = z.object({ email });

export const identitiesApi = {
  /**
   * 204 whether or not another account uses the address (its owner is mailed instead of a link, so
   * the answer tells nobody who has an account); 429 when asked too often.
   */
  requestEmailChange: defineEndpoint({
    service: 'auth',
    method: 'POST',
    path: '/v2/identities/:idpType/:idpSub/emailchanges',
    params: IdentityParamsSchema,
    body: EmailChangeRequestSchema,
    response: z.void(),
    successStatus: 204,
  }),
  /** Only on an explicit button press: a mail scanner that fetches the link does not use it up. */
  confirmEmailChange: defineEndpoint({
    service: 'auth',
    method: 'POST',
    path: '/v2/identities/:idpType/:idpSub/emailchanges/:token/actions/confirm',
    params: TokenParamsSchema,
    response: EmailChangeConfirmedSchema,
  }),
  requestAccountDeletion: defineEndpoint({
    service: 'auth',
    method: 'POST',
    path: '/v2/identities/:idpType/:idpSub/deleteaccount',
    params: IdentityParamsSchema,
    body: AccountDeletionRequestSchema,
    response: z.void(),
    successStatus: 204,
  }),
  /** Marks the account deleted, signs it out everywhere and starts the erasure job. */
  confirmAccountDeletion: defineEndpoint({
    service: 'auth',
    method: 'POST',
    path: '/v2/identities/:idpType/:idpSub/deleteaccount/:token/actions/confirm',
    params: TokenParamsSchema,
    response: z.void(),
    successStatus: 204,
  }),
};
