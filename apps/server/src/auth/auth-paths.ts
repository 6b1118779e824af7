/** Where the embedded providers live; `issuerFor` in storefront-config.service.ts agrees. */
export const OIDC_PREFIX = '/oidc';
export const ASSETS_PATH = `${OIDC_PREFIX}/assets`;
export const INTERACTION_PATH = `${OIDC_PREFIX}/interaction`;
/** The `createAccountUrl` of `/config.json`: starts a sign-in that opens on the registration page. */
export const REGISTER_PATH = `${OIDC_PREFIX}/register`;
export const CALLBACK_PATH = '/auth/callback';

/** The one audience of every access token: the services of spec section 7. */
export const API_AUDIENCE = 'urn:photo-shop:api';

export const signInPagePath = (uid: string) => `${INTERACTION_PATH}/${encodeURIComponent(uid)}`;
export const registerPagePath = (uid: string) => `${signInPagePath(uid)}/register`;
