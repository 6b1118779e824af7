import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import { unauthorized } from '../platform/errors';
import {
  issuerFor,
  LOGOUT_PATH,
  OIDC_CLIENT_ID,
  OIDC_SCOPES,
} from '../storefronts/storefront-config.service';
import type { ResolvedStorefront } from '../storefronts/storefronts';
import type { AccessTokenVerifier } from './access-tokens.service';
import { API_AUDIENCE, CALLBACK_PATH, OIDC_PREFIX } from './auth-paths';
import {
  REGISTER_SCREEN,
  SCREEN_PARAMETER,
  SIGN_IN_FLOW_TTL_SECONDS,
  SIGN_IN_TTL_SECONDS,
} from './identity-provider.service';
import type { LoginRequestsRepository } from './login-requests.repository';
import type { RelyingParty } from './relying-party.service';
import { hashSecret, type ActiveSession, type SessionsService, type SessionTokens } from './sessions.service';
import type { TokenCipher } from './token-cipher';

/** An access token this close to expiry is refreshed first, so it cannot expire on its way to a service. */
const REFRESH_MARGIN_MS = 30_000;
const REFRESH_LEASE_SECONDS = 10;
const REFRESH_WAIT_MS = 5_000;

/**
 * Names a sign-in flow's browser binding after its state, so sign-ins started in several tabs at once
 * each keep their own: a second tab does not spoil the first.
 */
export const signInFlowKey = (state: string) => hashSecret(state).slice(0, 16);

/** Why a callback was refused: logged with the correlation id, never shown to the customer. */
export class SignInFailedError extends Error {}

/**
 * Where the customer goes after signing in: only a path on this storefront, never another site, and
 * never back into the sign-in machinery (which could loop). The checks run on the path as the browser
 * will use it, normalised and decoded: `/..//evil.example` normalises to `//evil.example`, which a
 * browser reads as another site.
 */
export function safeReturnTo(value: unknown, origin: string): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/';
  let url: URL;
  let decoded: string;
  try {
    url = new URL(value, origin);
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return '/';
  }
  if (url.origin !== origin) return '/';
  for (const path of [value, url.pathname, decoded]) {
    if (!path.startsWith('/') || path.startsWith('//') || /[\\\p{Cc}]/u.test(path)) return '/';
  }
  // A dot segment left after decoding would move the path once more wherever it is decoded again.
  if (/(^|\/)\.{1,2}(\/|$)/.test(decoded)) return '/';
  const isSignInMachinery = (path: string) =>
    path.startsWith('/auth/') || path.startsWith(OIDC_PREFIX) || path === LOGOUT_PATH;
  if (isSignInMachinery(url.pathname) || isSignInMachinery(decoded)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}

export interface BffDeps {
  relyingParty: RelyingParty;
  loginRequests: LoginRequestsRepository;
  sessions: SessionsService;
  cipher: TokenCipher;
  verifier: AccessTokenVerifier;
  log: FastifyBaseLogger;
}

interface FlowSecrets {
  codeVerifier: string;
  nonce: string;
}

const expiryOf = (response: { expiresIn(): number | undefined }) =>
  new Date(Date.now() + (response.expiresIn() ?? 0) * 1000);

/**
 * The backend-for-frontend: runs the authorization-code flow for the browser and keeps the tokens
 * server-side, so the browser never holds one (the IETF browser-based-apps practice).
 */
export function createBffService(deps: BffDeps) {
  const { relyingParty, loginRequests, sessions, cipher } = deps;
  const refreshes = new Map<string, Promise<string>>();

  async function refresh(resolved: ResolvedStorefront, session: ActiveSession): Promise<string> {
    if (!(await sessions.claimRefresh(session.idHash, REFRESH_LEASE_SECONDS))) {
      return tokenRefreshedElsewhere(session);
    }
    if (!session.tokens.refreshToken) {
      await sessions.drop(session.idHash);
      throw unauthorized('Session expired');
    }
    let response: Awaited<ReturnType<typeof client.refreshTokenGrant>>;
    try {
      response = await client.refreshTokenGrant(
        await relyingParty.configurationFor(resolved),
        session.tokens.refreshToken,
      );
    } catch (error) {
      // The authority said no (expired, revoked, account gone): the session is over. Anything else
      // (authority unreachable) keeps the session for the next try.
      if (error instanceof client.ResponseBodyError) {
        deps.log.info(
          { error: error.error, customerId: session.customerId },
          'session ended: refresh refused',
        );
        await sessions.drop(session.idHash);
        throw unauthorized('Session expired');
      }
      throw error;
    }
    const tokens: SessionTokens = {
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? session.tokens.refreshToken,
      idToken: response.id_token ?? session.tokens.idToken,
    };
    await sessions.saveRefreshed(session.idHash, tokens, expiryOf(response));
    return tokens.accessToken;
  }

  /** Another replica holds the refresh: use the current token while it lasts, else wait for the new one. */
  async function tokenRefreshedElsewhere(session: ActiveSession): Promise<string> {
    const deadline = Date.now() + REFRESH_WAIT_MS;
    let current: ActiveSession | undefined = session;
    while (current) {
      if (current.accessExpiresAt.getTime() > Date.now() + 1000) return current.tokens.accessToken;
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await sessions.reload(session.idHash);
    }
    throw unauthorized('Session expired');
  }

  return {
    /**
     * Starts a sign-in; answers the authorization URL and the flow's browser binding, a fresh random
     * value the browser keeps under a name of its own (`key`) until the callback. Never a value the
     * browser brought: a value planted in the browser by someone else would let their callback sign
     * this browser in as them (login CSRF).
     */
    async startSignIn(
      resolved: ResolvedStorefront,
      options: { returnTo: unknown; register: boolean },
    ): Promise<{ authorizationUrl: URL; flow: { key: string; binding: string } }> {
      const configuration = await relyingParty.configurationFor(resolved);
      const browserBinding = randomBytes(32).toString('base64url');
      const state = client.randomState();
      const secrets: FlowSecrets = {
        codeVerifier: client.randomPKCECodeVerifier(),
        nonce: client.randomNonce(),
      };
      const stateHash = hashSecret(state);
      await loginRequests.insert(
        {
          stateHash,
          issuer: issuerFor(resolved),
          browserHash: hashSecret(browserBinding),
          secrets: cipher.encrypt(JSON.stringify(secrets), stateHash),
          returnTo: safeReturnTo(options.returnTo, resolved.origin),
        },
        SIGN_IN_FLOW_TTL_SECONDS,
      );
      const authorizationUrl = client.buildAuthorizationUrl(configuration, {
        redirect_uri: `${resolved.origin}${CALLBACK_PATH}`,
        scope: OIDC_SCOPES.join(' '),
        // Without it OpenID Connect drops `offline_access`; our provider asks nothing for it.
        prompt: 'consent',
        resource: API_AUDIENCE,
        state,
        nonce: secrets.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
        ...(options.register ? { [SCREEN_PARAMETER]: REGISTER_SCREEN } : {}),
      });
      return { authorizationUrl, flow: { key: signInFlowKey(state), binding: browserBinding } };
    },

    /** Finishes a sign-in at the callback; answers the new session id and where to go next. */
    async completeSignIn(
      resolved: ResolvedStorefront,
      options: {
        query: URLSearchParams;
        browserBinding: string | undefined;
        previousSessionId: string | undefined;
      },
    ): Promise<{ sessionId: string; returnTo: string }> {
      const issuer = issuerFor(resolved);
      const state = options.query.get('state');
      if (!state) throw new SignInFailedError('callback without state');
      const request = await loginRequests.take(hashSecret(state));
      if (!request) throw new SignInFailedError('unknown, used or expired state');
      if (request.issuer !== issuer) throw new SignInFailedError('state belongs to another storefront');
      if (!options.browserBinding || hashSecret(options.browserBinding) !== request.browserHash) {
        throw new SignInFailedError('sign-in was started in another browser');
      }
      // Mix-up defence: the answer must come from this storefront's issuer, and say so.
      if (options.query.get('iss') !== issuer) throw new SignInFailedError('iss response parameter mismatch');
      const providerError = options.query.get('error');
      if (providerError) throw new SignInFailedError(`authority answered ${providerError}`);

      const secrets = JSON.parse(cipher.decrypt(request.secrets, request.stateHash)) as FlowSecrets;
      const callbackUrl = new URL(`${resolved.origin}${CALLBACK_PATH}?${options.query.toString()}`);
      let response: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        response = await client.authorizationCodeGrant(
          await relyingParty.configurationFor(resolved),
          callbackUrl,
          { pkceCodeVerifier: secrets.codeVerifier, expectedState: state, expectedNonce: secrets.nonce },
        );
      } catch (error) {
        throw new SignInFailedError('code exchange failed', { cause: error });
      }
      const idClaims = response.claims();
      const caller = await deps.verifier.verify(response.access_token, resolved).catch((error: unknown) => {
        throw new SignInFailedError('the authority issued an access token we do not accept', {
          cause: error,
        });
      });
      if (!idClaims || idClaims.sub !== caller.customerId) {
        throw new SignInFailedError('ID token and access token name different customers');
      }
      const { sessionId } = await sessions.create(
        {
          issuer,
          customerId: caller.customerId,
          tokens: {
            accessToken: response.access_token,
            refreshToken: response.refresh_token,
            idToken: response.id_token,
          },
          accessExpiresAt: expiryOf(response),
        },
        SIGN_IN_TTL_SECONDS,
      );
      // Signing in again replaces the browser's earlier session. Its grant is shared with the new
      // one, so it is only forgotten here, not revoked.
      if (options.previousSessionId) await sessions.end(options.previousSessionId);
      // Checked again on the way out: a row written before a fix of the rules gets no pass.
      return { sessionId, returnTo: safeReturnTo(request.returnTo, resolved.origin) };
    },

    /** A usable access token for the session, refreshed first when it is about to expire. */
    async accessTokenFor(resolved: ResolvedStorefront, sessionId: string): Promise<string> {
      const session = await sessions.load(sessionId);
      // A session belongs to the storefront it was made on.
      if (!session || session.issuer !== issuerFor(resolved)) throw unauthorized();
      if (session.accessExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS)
        return session.tokens.accessToken;
      // Parallel calls of one page share one refresh: one answer, one write of the session.
      let pending = refreshes.get(session.idHash);
      if (!pending) {
        pending = refresh(resolved, session).finally(() => refreshes.delete(session.idHash));
        refreshes.set(session.idHash, pending);
      }
      return pending;
    },

    /**
     * Ends the local session at once and revokes its grant, then answers the authority's end-session
     * URL, which ends the authority's own session and comes back to the shop.
     */
    async signOut(resolved: ResolvedStorefront, sessionId: string | undefined): Promise<URL> {
      const session = sessionId ? await sessions.end(sessionId) : undefined;
      const configuration = await relyingParty.configurationFor(resolved);
      const refreshToken = session?.tokens.refreshToken;
      if (refreshToken) {
        await client.tokenRevocation(configuration, refreshToken).catch((error: unknown) => {
          deps.log.warn({ err: error }, 'refresh token revocation failed at sign-out');
        });
      }
      // No id_token_hint: the address bar (and so the history) must never carry a token. The client id
      // names the client for the redirect back; the provider's own page ends its session.
      return client.buildEndSessionUrl(configuration, {
        client_id: OIDC_CLIENT_ID,
        post_logout_redirect_uri: `${resolved.origin}/`,
      });
    },
  };
}

export type BffService = ReturnType<typeof createBffService>;
