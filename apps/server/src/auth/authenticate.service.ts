import type { IncomingHttpHeaders } from 'node:http';
import { CSRF_HEADER } from '@photo/contracts/errors';
import type { Authenticate, Caller } from '../platform/caller';
import { DomainError, unauthorized } from '../platform/errors';
import type { ResolvedStorefront } from '../storefronts/storefronts';
import type { AccessTokenVerifier } from './access-tokens.service';
import { readCookie, type AuthCookies } from './auth-cookies';
import type { BffService } from './bff.service';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const bearerPattern = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

const csrfRejected = (message: string) => new DomainError('csrf_rejected', 403, message);

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Authenticates a WebSocket upgrade from its session cookie (the push channel). */
export type AuthenticateUpgrade = (
  headers: IncomingHttpHeaders,
  resolved: ResolvedStorefront,
) => Promise<Caller>;
/** Verifies a bearer access token string for a storefront. */
export type VerifyAccessToken = (token: string, resolved: ResolvedStorefront) => Promise<Caller>;

export function createAuthenticator(deps: {
  verifier: AccessTokenVerifier;
  bff: BffService;
  cookies: AuthCookies;
}) {
  const { verifier, bff, cookies } = deps;

  // "The server attaches the bearer token; every service verifies it": a session is only a way to
  // hold a token, and the token it yields is checked exactly like one sent directly.
  async function callerFromSession(sessionId: string, resolved: ResolvedStorefront): Promise<Caller> {
    return verifier.verify(await bff.accessTokenFor(resolved, sessionId), resolved);
  }

  const authenticate: Authenticate = async (request) => {
    const resolved = request.storefront;
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const token = bearerPattern.exec(authorization)?.[1];
      if (!token) throw unauthorized('Only bearer access tokens are accepted');
      return verifier.verify(token, resolved);
    }
    const sessionId = readCookie(request.headers, cookies.session);
    if (!sessionId) throw unauthorized();
    // A cookie is sent by the browser on its own; a state-changing call must also prove it comes
    // from our pages: a header no form can set, and our own origin.
    if (stateChanging.has(request.method)) {
      if (headerValue(request.headers, CSRF_HEADER) !== '1') {
        throw csrfRejected(`A ${request.method} with a session needs the ${CSRF_HEADER} header`);
      }
      if (headerValue(request.headers, 'origin') !== resolved.origin) {
        throw csrfRejected('The request does not come from this shop');
      }
    }
    return callerFromSession(sessionId, resolved);
  };

  const authenticateUpgrade: AuthenticateUpgrade = async (headers, resolved) => {
    // Browsers send cookies on cross-site WebSocket handshakes too: only our own pages may connect.
    if (headerValue(headers, 'origin') !== resolved.origin)
      throw csrfRejected('The connection does not come from this shop');
    const sessionId = readCookie(headers, cookies.session);
    if (!sessionId) throw unauthorized();
    return callerFromSession(sessionId, resolved);
  };

  const verifyAccessToken: VerifyAccessToken = (token, resolved) => verifier.verify(token, resolved);

  return { authenticate, authenticateUpgrade, verifyAccessToken };
}
