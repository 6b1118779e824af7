import { describe, expect, it } from 'vitest';
import { parseCookieConsent } from './cookie-consent';

describe('parseCookieConsent', () => {
  it.each([
    ['cookie_consent=11', { analytics: true, marketing: true }],
    ['cookie_consent=10', { analytics: true, marketing: false }],
    ['cookie_consent=01', { analytics: false, marketing: true }],
    ['cookie_consent=00', { analytics: false, marketing: false }],
    ['session=abc; cookie_consent=10; theme=dark', { analytics: true, marketing: false }],
  ])('reads %j', (cookies, consent) => {
    expect(parseCookieConsent(cookies)).toEqual(consent);
  });

  it.each([
    '',
    'other=11',
    'cookie_consent=',
    'cookie_consent=1',
    'cookie_consent=111',
    'cookie_consent=21',
    'my_cookie_consent=11',
  ])('defaults both to false for %j', (cookies) => {
    expect(parseCookieConsent(cookies)).toEqual({ analytics: false, marketing: false });
  });
});
