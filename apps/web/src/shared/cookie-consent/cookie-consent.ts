import { z } from 'zod/mini';

export const CookieConsentSchema = z.object({ analytics: z.boolean(), marketing: z.boolean() });
export type CookieConsent = z.infer<typeof CookieConsentSchema>;

export const COOKIE_CONSENT_COOKIE = 'cookie_consent';

const noConsent: CookieConsent = { analytics: false, marketing: false };

/**
 * Spec 3: consent is a two-digit code, first digit analytics, second marketing, '1' meaning yes.
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
