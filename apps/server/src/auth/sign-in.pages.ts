import { LOGIN_PATH } from '../storefronts/storefront-config.service';
import { pickLocale, type ResolvedStorefront } from '../storefronts/storefronts';
import { escapeHtml } from '../platform/html';
import { PAGE_ASSETS_PATH, renderCardPage } from '../platform/page-layout';
import { REGISTER_PATH, registerPagePath, signInPagePath } from './auth-paths';
import { translatorFor, type MessageKey, type Translate } from './messages';
import type { RegistrationErrors, RegistrationField } from './registration.service';

/** Who a page is for: the storefront's name and the language its customer reads. */
export interface PageContext {
  locale: string;
  vendor: string;
  t: Translate;
}

export function pageContextFor(
  resolved: ResolvedStorefront,
  acceptLanguage: string | undefined,
): PageContext {
  const locale = pickLocale(resolved.storefront, acceptLanguage);
  return { locale, vendor: resolved.storefront.vendor, t: translatorFor(locale) };
}

export const SIGN_OUT_SCRIPT = 'sign-out.js';

interface FieldOptions {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  hint?: string;
  error?: string;
  minLength?: number;
}

function field({ name, label, type, autocomplete, value, hint, error, minLength }: FieldOptions): string {
  const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  const attributes = [
    `id="${name}"`,
    `name="${name}"`,
    `type="${type}"`,
    `autocomplete="${autocomplete}"`,
    'required',
    minLength ? `minlength="${minLength}"` : '',
    value ? `value="${escapeHtml(value)}"` : '',
    describedBy ? `aria-describedby="${describedBy}"` : '',
    error ? 'aria-invalid="true"' : '',
  ].filter(Boolean);
  return `<div class="field">
<label for="${name}">${escapeHtml(label)}</label>
${hint ? `<p class="hint" id="${name}-hint">${escapeHtml(hint)}</p>\n` : ''}${
    error ? `<p class="field-error" id="${name}-error">${escapeHtml(error)}</p>\n` : ''
  }<input ${attributes.join(' ')}>
</div>`;
}

export function renderSignInPage(
  context: PageContext,
  options: { uid: string; email?: string; refusal?: 'wrongCredentials' | 'unconfirmed' },
): string {
  const { t } = context;
  const refusals = {
    wrongCredentials: 'signIn.wrongCredentials',
    unconfirmed: 'signIn.unconfirmed',
  } as const;
  const alert = options.refusal
    ? `<p class="alert" role="alert">${escapeHtml(t(refusals[options.refusal]))}</p>\n`
    : '';
  return renderCardPage(
    context,
    t('signIn.title'),
    `<h1>${escapeHtml(t('signIn.title'))}</h1>
<p>${escapeHtml(t('signIn.intro'))}</p>
${alert}<form method="post" action="${signInPagePath(options.uid)}/login">
${field({ name: 'email', label: t('signIn.email'), type: 'email', autocomplete: 'username', value: options.email })}
${field({ name: 'password', label: t('signIn.password'), type: 'password', autocomplete: 'current-password' })}
<button type="submit">${escapeHtml(t('signIn.submit'))}</button>
</form>
<p class="switch">${escapeHtml(t('signIn.noAccount'))} <a href="${registerPagePath(options.uid)}">${escapeHtml(t('signIn.createAccount'))}</a></p>`,
  );
}

export interface RegistrationForm {
  values: { firstName: string; lastName: string; email: string; business: boolean };
  errors: RegistrationErrors;
}

export function renderRegisterPage(
  context: PageContext,
  options: { uid: string; form?: RegistrationForm },
): string {
  const { t } = context;
  const values = options.form?.values ?? { firstName: '', lastName: '', email: '', business: false };
  const errors = options.form?.errors ?? {};
  const errorText = (name: RegistrationField) => {
    const key = errors[name];
    return key ? t(key) : undefined;
  };
  const alert =
    Object.keys(errors).length > 0
      ? `<p class="alert" role="alert">${escapeHtml(t('register.errorSummary'))}</p>\n`
      : '';
  return renderCardPage(
    context,
    t('register.title'),
    `<h1>${escapeHtml(t('register.title'))}</h1>
<p>${escapeHtml(t('register.intro'))}</p>
${alert}<form method="post" action="${registerPagePath(options.uid)}">
${field({ name: 'firstName', label: t('register.firstName'), type: 'text', autocomplete: 'given-name', value: values.firstName, error: errorText('firstName') })}
${field({ name: 'lastName', label: t('register.lastName'), type: 'text', autocomplete: 'family-name', value: values.lastName, error: errorText('lastName') })}
${field({ name: 'email', label: t('register.email'), type: 'email', autocomplete: 'email', value: values.email, error: errorText('email') })}
${field({ name: 'password', label: t('register.password'), type: 'password', autocomplete: 'new-password', hint: t('register.passwordHint'), error: errorText('password'), minLength: 8 })}
<div class="field field--check">
<input id="business" name="business" type="checkbox" value="yes" aria-describedby="business-hint"${values.business ? ' checked' : ''}>
<label for="business">${escapeHtml(t('register.business'))}</label>
<p class="hint" id="business-hint">${escapeHtml(t('register.businessHint'))}</p>
</div>
<button type="submit">${escapeHtml(t('register.submit'))}</button>
</form>
<p class="switch">${escapeHtml(t('register.haveAccount'))} <a href="${signInPagePath(options.uid)}">${escapeHtml(t('register.signIn'))}</a></p>`,
  );
}

/**
 * What the registration form answers whenever the form is valid, whether or not the address has an
 * account: the same words, so the page tells nobody which addresses are customers.
 */
export function renderCheckEmailPage(
  context: PageContext,
  options: { uid: string; email: string; hours: number },
): string {
  const { t } = context;
  return renderCardPage(
    context,
    t('checkEmail.title'),
    `<h1>${escapeHtml(t('checkEmail.title'))}</h1>
<p>${escapeHtml(t('checkEmail.body', { email: options.email, hours: options.hours }))}</p>
<p>${escapeHtml(t('checkEmail.noMail'))}</p>
<p class="switch"><a href="${signInPagePath(options.uid)}">${escapeHtml(t('checkEmail.back'))}</a></p>`,
  );
}

/**
 * The page a mailed link opens. Only the button confirms (a POST): mail scanners that fetch every link
 * of a mail must not use the link up or create the account.
 */
export function renderConfirmAccountPage(
  context: PageContext,
  options: { action: string; token: string; email: string },
): string {
  const { t } = context;
  return renderCardPage(
    context,
    t('confirmAccount.title'),
    `<h1>${escapeHtml(t('confirmAccount.title'))}</h1>
<p>${escapeHtml(t('confirmAccount.body', { email: options.email }))}</p>
<form method="post" action="${escapeHtml(options.action)}">
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<button type="submit">${escapeHtml(t('confirmAccount.submit'))}</button>
</form>`,
  );
}

/** Confirmed in another browser (or after the sign-in expired): the account exists, sign in to it. */
export function renderAccountReadyPage(context: PageContext, options: { email: string }): string {
  return messagePage(
    context,
    { title: 'accountReady.title', body: 'accountReady.body', link: 'accountReady.signIn' },
    { href: LOGIN_PATH, values: { email: options.email } },
  );
}

export function renderConfirmationLinkPage(
  context: PageContext,
  options: { state: 'used' | 'invalid'; hours: number },
): string {
  return options.state === 'used'
    ? messagePage(
        context,
        { title: 'linkUsed.title', body: 'linkUsed.body', link: 'linkUsed.signIn' },
        { href: LOGIN_PATH },
      )
    : messagePage(
        context,
        { title: 'linkInvalid.title', body: 'linkInvalid.body', link: 'linkInvalid.register' },
        { href: REGISTER_PATH, values: { hours: options.hours } },
      );
}

function messagePage(
  context: PageContext,
  keys: { title: MessageKey; body: MessageKey; link: MessageKey },
  options: { href: string; correlationId?: string; values?: Record<string, string | number> },
): string {
  const { t } = context;
  const reference = options.correlationId
    ? `\n<p class="reference">${escapeHtml(t('reference', { id: options.correlationId }))}</p>`
    : '';
  return renderCardPage(
    context,
    t(keys.title),
    `<h1>${escapeHtml(t(keys.title))}</h1>
<p>${escapeHtml(t(keys.body, options.values))}</p>
<p><a class="button" href="${escapeHtml(options.href)}">${escapeHtml(t(keys.link))}</a></p>${reference}`,
  );
}

/** `href` leads back to where the customer was: their sign-in page, or the start of sign-in. */
export function renderTooManyAttemptsPage(
  context: PageContext,
  options: { href: string; minutes: number },
): string {
  return messagePage(
    context,
    { title: 'tooMany.title', body: 'tooMany.body', link: 'tooMany.back' },
    { href: options.href, values: { minutes: options.minutes } },
  );
}

export function renderExpiredPage(context: PageContext): string {
  return messagePage(
    context,
    { title: 'expired.title', body: 'expired.body', link: 'expired.restart' },
    { href: LOGIN_PATH },
  );
}

/** A sign-in that failed on our side or the provider's: a way forward, and a reference for support. */
export function renderSignInFailedPage(context: PageContext, correlationId: string): string {
  return messagePage(
    context,
    { title: 'failed.title', body: 'failed.body', link: 'failed.retry' },
    { href: LOGIN_PATH, correlationId },
  );
}

/**
 * The provider's sign-out confirmation, confirmed at once by a script file; the button remains for
 * browsers without script.
 */
export function renderSignOutPage(context: PageContext, providerForm: string): string {
  const { t } = context;
  const form = providerForm
    .replace('<form ', '<form data-auto-submit ')
    .replace(
      '</form>',
      `<input type="hidden" name="logout" value="yes"><button type="submit">${escapeHtml(t('signOut.submit'))}</button></form>`,
    );
  return renderCardPage(
    context,
    t('signOut.title'),
    `<h1>${escapeHtml(t('signOut.title'))}</h1>
<p>${escapeHtml(t('signOut.body'))}</p>
${form}`,
    `\n<script src="${PAGE_ASSETS_PATH}/${SIGN_OUT_SCRIPT}" defer></script>`,
  );
}

export function renderSignedOutPage(context: PageContext): string {
  return messagePage(
    context,
    { title: 'signedOut.title', body: 'signedOut.body', link: 'signedOut.signIn' },
    { href: LOGIN_PATH },
  );
}
