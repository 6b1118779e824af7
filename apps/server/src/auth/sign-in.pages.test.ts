import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createStorefrontResolver } from '../storefronts/storefronts';
import { accessibilityViolations } from '../testing/axe';
import {
  pageContextFor,
  renderAccountReadyPage,
  renderCheckEmailPage,
  renderConfirmAccountPage,
  renderConfirmationLinkPage,
  renderExpiredPage,
  renderRegisterPage,
  renderSignedOutPage,
  renderSignInFailedPage,
  renderSignInPage,
  renderSignOutPage,
  renderTooManyAttemptsPage,
} from './sign-in.pages';

const resolver = createStorefrontResolver({ storefrontHosts: {}, publicPort: 8080, publicScheme: 'http' });

const providerForm =
  '<form id="op.logoutForm" method="post" action="http://nl.localhost:8080/oidc/session/end/confirm"><input type="hidden" name="xsrf" value="abc"/></form>';

describe('sign-in pages', () => {
  const nl = pageContextFor(resolver.resolve('nl.localhost')!, undefined);

  const pages: Array<[string, string]> = [
    ['sign-in', renderSignInPage(nl, { uid: 'u1' })],
    [
      'sign-in with a wrong password',
      renderSignInPage(nl, { uid: 'u1', email: 'a@b.nl', refusal: 'wrongCredentials' }),
    ],
    ['registration', renderRegisterPage(nl, { uid: 'u1' })],
    [
      'registration with errors',
      renderRegisterPage(nl, {
        uid: 'u1',
        form: {
          values: { firstName: 'Ada', lastName: '', email: 'x', business: true },
          errors: { lastName: 'register.lastNameRequired', email: 'register.emailInvalid' },
        },
      }),
    ],
    [
      'sign-in of a registration not confirmed yet',
      renderSignInPage(nl, { uid: 'u1', email: 'a@b.nl', refusal: 'unconfirmed' }),
    ],
    ['check your e-mail', renderCheckEmailPage(nl, { uid: 'u1', email: 'a@b.nl', hours: 24 })],
    [
      'finish creating your account',
      renderConfirmAccountPage(nl, {
        action: '/oidc/interaction/u1/confirm-account',
        token: 't',
        email: 'a@b.nl',
      }),
    ],
    ['account ready', renderAccountReadyPage(nl, { email: 'a@b.nl' })],
    ['confirmation link used', renderConfirmationLinkPage(nl, { state: 'used', hours: 24 })],
    ['confirmation link no longer valid', renderConfirmationLinkPage(nl, { state: 'invalid', hours: 24 })],
    ['too many attempts', renderTooManyAttemptsPage(nl, { href: '/oidc/interaction/u1', minutes: 15 })],
    ['expired', renderExpiredPage(nl)],
    ['sign-in failed', renderSignInFailedPage(nl, 'trace-1')],
    ['signing out', renderSignOutPage(nl, providerForm)],
    ['signed out', renderSignedOutPage(nl)],
  ];

  it.each(pages)('the %s page passes axe-core', async (_name, html) => {
    expect(await accessibilityViolations(html)).toEqual([]);
  });

  it.each(pages)('the %s page has no inline script or style', (_name, html) => {
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=/i);
  });

  it('ties each registration error to its field', () => {
    const html = renderRegisterPage(nl, {
      uid: 'u1',
      form: {
        values: { firstName: '', lastName: 'L', email: 'e@x.nl', business: false },
        errors: { firstName: 'register.firstNameRequired' },
      },
    });
    const document = new JSDOM(html).window.document;
    const input = document.getElementById('firstName')!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Vul je voornaam in.',
    );
    expect(document.getElementById('password')!.getAttribute('aria-describedby')).toBe('password-hint');
  });

  it('escapes everything it shows', () => {
    const html = renderSignInPage(nl, {
      uid: 'u"1',
      email: '"><script>alert(1)</script>',
      refusal: 'wrongCredentials',
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('action="/oidc/interaction/u%221/login"');
  });

  it('confirms sign-out with a script file and keeps a button for browsers without script', () => {
    const html = renderSignOutPage(nl, providerForm);
    expect(html).toContain('<script src="/oidc/assets/sign-out.js" defer></script>');
    expect(html).toContain('<form data-auto-submit id="op.logoutForm"');
    expect(html).toContain(
      '<input type="hidden" name="logout" value="yes"><button type="submit">Uitloggen</button></form>',
    );
  });

  it('speaks the language the customer prefers among those of the storefront', () => {
    const belgium = resolver.resolve('be.localhost')!;
    expect(renderSignInPage(pageContextFor(belgium, 'fr-BE,fr;q=0.9'), { uid: 'u' })).toContain(
      '<html lang="fr-BE">',
    );
    expect(renderSignInPage(pageContextFor(belgium, 'fr-BE,fr;q=0.9'), { uid: 'u' })).toContain(
      'Se connecter',
    );
    expect(renderSignInPage(pageContextFor(belgium, undefined), { uid: 'u' })).toContain('Inloggen');
    const austria = pageContextFor(resolver.resolve('de.localhost')!, 'en');
    expect(renderExpiredPage(austria)).toContain('<html lang="de-AT">');
    expect(renderExpiredPage(austria)).toContain('Diese Seite ist abgelaufen');
  });
});
