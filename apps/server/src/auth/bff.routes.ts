import type { FastifyInstance } from 'fastify';
import { LOGIN_PATH, LOGOUT_PATH } from '../storefronts/storefront-config.service';
import { networkOf } from '../platform/network-address';
import { rateLimits } from '../platform/rate-limits';
import { CALLBACK_PATH } from './auth-paths';
import { tooManyAttemptsPage } from './page-replies';
import { clearCookie, readCookie, setCookie, type AuthCookies } from './auth-cookies';
import { SignInFailedError, signInFlowKey, type BffService } from './bff.service';
import { REGISTER_SCREEN, SIGN_IN_FLOW_TTL_SECONDS, SIGN_IN_TTL_SECONDS } from './identity-provider.service';
import { pageContextFor, renderSignInFailedPage } from './sign-in.pages';

export function registerBffRoutes(
  app: FastifyInstance,
  deps: { bff: BffService; cookies: AuthCookies },
): void {
  const { bff, cookies } = deps;
  const flowCookieName = (key: string) => `${cookies.signInFlow}-${key}`;

  app.get<{ Querystring: { returnTo?: string; screen?: string } }>(
    LOGIN_PATH,
    {
      config: {
        rateLimit: {
          max: rateLimits.signInStarts.max,
          timeWindow: rateLimits.signInStarts.windowSeconds * 1000,
          keyGenerator: (request) => networkOf(request.ip),
        },
      },
      errorHandler: tooManyAttemptsPage(rateLimits.signInStarts, () => LOGIN_PATH),
    },
    async (request, reply) => {
      const { authorizationUrl, flow } = await bff.startSignIn(request.storefront, {
        returnTo: request.query.returnTo,
        register: request.query.screen === REGISTER_SCREEN,
      });
      return reply
        .header('cache-control', 'no-store')
        .header(
          'set-cookie',
          setCookie(cookies, flowCookieName(flow.key), flow.binding, SIGN_IN_FLOW_TTL_SECONDS),
        )
        .redirect(authorizationUrl.href, 302);
    },
  );

  app.get(CALLBACK_PATH, async (request, reply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const state = query.get('state');
    const flowCookie = state ? flowCookieName(signInFlowKey(state)) : undefined;
    // The binding serves one callback, whatever its outcome.
    if (flowCookie) void reply.header('set-cookie', clearCookie(cookies, flowCookie));
    try {
      const previous = readCookie(request.headers, cookies.session);
      const { sessionId, returnTo } = await bff.completeSignIn(request.storefront, {
        query,
        browserBinding: flowCookie ? readCookie(request.headers, flowCookie) : undefined,
        previousSessionId: previous,
      });
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', setCookie(cookies, cookies.session, sessionId, SIGN_IN_TTL_SECONDS))
        .redirect(returnTo, 303);
    } catch (error) {
      // A clear page with a way to start again, never a redirect back into sign-in (no loops).
      const expected = error instanceof SignInFailedError;
      request.log[expected ? 'warn' : 'error']({ err: error }, 'sign-in callback failed');
      return reply
        .status(expected ? 400 : 500)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          renderSignInFailedPage(
            pageContextFor(request.storefront, request.headers['accept-language']),
            request.id,
          ),
        );
    }
  });

  // A GET because it only ends things; the local session is gone before the browser moves on.
  app.get(LOGOUT_PATH, async (request, reply) => {
    let next = '/';
    try {
      next = (await bff.signOut(request.storefront, readCookie(request.headers, cookies.session))).href;
    } catch (error) {
      // The cookie is cleared whatever the authority says: the customer asked to leave.
      request.log.error({ err: error }, 'sign-out at the authority failed');
    }
    return reply
      .header('cache-control', 'no-store')
      .header('set-cookie', clearCookie(cookies, cookies.session))
      .redirect(next, 303);
  });
}
