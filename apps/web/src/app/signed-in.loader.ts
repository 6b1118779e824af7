import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../shared/api/api-error';
import { customerQueries } from '../shared/customer/customer.queries';
import type { AppEnvironment } from '../shared/environment/app-environment.context';
import { carryQuery } from '../shared/routing/query-params';

/** The sign-in page, returning to `returnTo` once the server holds a session. */
function loginUrl(loginPath: string, returnTo: string): string {
  return `${loginPath}?returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Every signed-in route waits for the customer (docs/product/roles.md: the shell is for signed-in customers only).
 * 401: not signed in, so the browser goes to sign in and comes back here. 404: the account was
 * deleted (docs/product/entities.md). An address still holding the sign-in `state` means the sign-in itself failed:
 * that is reported and the app starts over at `/` rather than returning to the same address (docs/product/errors.md).
 */
export function signedInLoader(
  environment: AppEnvironment,
  queryClient: QueryClient,
  startedSession?: Promise<unknown>,
) {
  // The first run waits for the call `startApp` began while the messages were loading (decision 148);
  // its answer, a 401 included, is the one the customer gets, with no second call.
  let pending = startedSession;
  let latest: Promise<unknown> = Promise.reject(new Error('no session has been checked yet'));
  latest.catch(() => undefined);
  const loader = async ({ request }: LoaderFunctionArgs): Promise<Response | null> => {
    try {
      const session = pending ?? queryClient.ensureQueryData(customerQueries.me(environment.request));
      pending = undefined;
      latest = session;
      await session;
      return null;
    } catch (error) {
      const url = new URL(request.url);
      if (isApiError(error, 401)) {
        const signInFailed = url.searchParams.has('state');
        if (signInFailed) {
          environment.reportError({
            action: 'AUTHENTICATION_FAILED',
            message: 'Returned from sign-in with a state parameter but without a session',
            correlationId: error.correlationId,
            status: error.status,
            url: url.pathname,
          });
        }
        environment.leaveTo(
          loginUrl(environment.config.auth.loginUrl, signInFailed ? '/' : url.pathname + url.search),
        );
        // The document is being replaced: render nothing else meanwhile.
        return new Promise<never>(() => undefined);
      }
      if (isApiError(error, 404)) return redirect(carryQuery('/account-deleted', url));
      throw error;
    }
  };
  /**
   * The latest check's outcome, for a page's prefetch (`page-prefetch.ts`) to wait on: it starts no
   * check of its own, so a visitor who is not signed in is asked once who they are, and nothing else.
   */
  const signedIn = () => latest;
  return { loader, signedIn };
}
