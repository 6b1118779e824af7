import { z } from 'zod/mini';

export const CookieConsentSchema = z.object({ analytics: z.boolean(), marketing: z.boolean() });
export type CookieConsent = z.infer<typeof CookieConsentSchema>;

export const COOKIE_CONSENT_COOKIE = 'cookie_consent';

const noConsent: CookieConsent = { analytics: false, marketing: false };

/**
 * docs/product/entities.md: consent is a two-digit code, first digit analytics, second marketing, '1' meaning yes.
 * Anything else (no cookie, a malformed code) means no consent: both default to false.
 */
export function parseCookieConsent(cookieHeader: string): CookieConsent {
  const code = cookieHeader
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([name]) => name === COOKIE_CONSENT_COOKIE)?.[1];
  if (!code || !/^[01]{2}$/.test(code)) return noConsent;
  return { analytics: code[0] === '1', marketing: code[1] === '1' };
}

/** The two-digit code of docs/product/entities.md for a consent (analytics first, marketing second). */
export function cookieConsentCode(consent: CookieConsent): string {
  return `${consent.analytics ? '1' : '0'}${consent.marketing ? '1' : '0'}`;
}

/**
 * Stores the consent the customer chose in settings: a host-only cookie, so each storefront keeps
 * its own (docs/product/entities.md, issue 12), for a year.
 */
export function writeCookieConsent(
  consent: CookieConsent,
  target: Pick<Document, 'cookie'>,
  secure: boolean,
) {
  target.cookie = `${COOKIE_CONSENT_COOKIE}=${cookieConsentCode(consent)}; path=/; max-age=31536000; samesite=lax${secure ? '; secure' : ''}`;
}
