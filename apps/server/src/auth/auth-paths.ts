/** Where the embedded providers live; `issuerFor` in storefront-config.service.ts agrees. */
export const OIDC_PREFIX = '/oidc';
export const INTERACTION_PATH = `${OIDC_PREFIX}/interaction`;
/** The `createAccountUrl` of `/config.json`: starts a sign-in that opens on the registration page. */
export const REGISTER_PATH = `${OIDC_PREFIX}/register`;
/** The link of the mail that finishes creating an account: `${CONFIRM_ACCOUNT_PATH}/{secret}`. */
export const CONFIRM_ACCOUNT_PATH = `${OIDC_PREFIX}/confirm-account`;
export const CALLBACK_PATH = '/auth/callback';

/** The one audience of every access token: the services of spec section 7. */
export const API_AUDIENCE = 'urn:photo-shop:api';

export const signInPagePath = (uid: string) => `${INTERACTION_PATH}/${encodeURIComponent(uid)}`;
export const registerPagePath = (uid: string) => `${signInPagePath(uid)}/register`;
/** Below the sign-in's own address, so the confirmation carries the provider's interaction cookie. */
export const confirmAccountActionPath = (uid: string) => `${signInPagePath(uid)}/confirm-account`;
