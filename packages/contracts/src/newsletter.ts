import { z } from 'zod/mini';
import { emailInput } from './common';
import { defineEndpoint } from './endpoint';

/** The version of the consent text shown next to 'Subscribe'; stored with each proof of consent. */
export const NEWSLETTER_CONSENT_VERSION = '2026-11';

/**
 * The one-click unsubscribe address of a subscriber, `{path}/{token}` on their storefront (RFC 8058):
 * a POST unsubscribes, a GET shows a page with a button that does (decision 119).
 */
export const NEWSLETTER_ONE_CLICK_PATH = '/newsletter/unsubscribe';

export const newsletterStatuses = ['none', 'pending', 'subscribed'] as const;
export const NewsletterStatusSchema = z.object({ status: z.enum(newsletterStatuses) });
export type NewsletterStatus = z.infer<typeof NewsletterStatusSchema>['status'];

// An e-mail address and the link's secret (base64url): anything else, a NUL say, is a 400 at the door.
const EmailTokenParamsSchema = z.object({
  email: emailInput,
  token: z.string().check(z.regex(/^[\w-]{1,200}$/)),
});

/**
 * The email gateway of docs/product/calls.md. The signed-in customer's own subscription, and the two calls the
 * mailed links make (confirm, unsubscribe), which need no sign-in: the link's secret is the credential.
 */
export const newsletterApi = {
  mine: defineEndpoint({
    service: 'emailGateway',
    method: 'GET',
    path: '/api/v1/Profiles/me/subscription',
    response: NewsletterStatusSchema,
  }),
  /** Sends the confirmation mail (double opt-in); the subscription is pending until it is confirmed. */
  subscribe: defineEndpoint({
    service: 'emailGateway',
    method: 'POST',
    path: '/api/v1/Profiles/me/subscription',
    body: z.object({ consentTextVersion: z.string(), locale: z.optional(z.string()) }),
    response: NewsletterStatusSchema,
  }),
  unsubscribe: defineEndpoint({
    service: 'emailGateway',
    method: 'DELETE',
    path: '/api/v1/Profiles/me/subscription',
    response: NewsletterStatusSchema,
  }),
  confirm: defineEndpoint({
    service: 'emailGateway',
    method: 'POST',
    path: '/api/v1/Profiles/:email/subscription/confirm/:token',
    public: true,
    params: EmailTokenParamsSchema,
    response: z.void(),
    successStatus: 204,
  }),
  unsubscribeByLink: defineEndpoint({
    service: 'emailGateway',
    method: 'POST',
    path: '/api/v1/Profiles/:email/subscription/unsubscribe/:token',
    public: true,
    params: EmailTokenParamsSchema,
    response: z.void(),
    successStatus: 204,
  }),
};
