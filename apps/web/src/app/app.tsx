import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { AppConfig, LocaleMessages } from '@photo/contracts/app-config';
import { PHOTO_EVENTS_PATH } from '@photo/contracts/photos';
import { createErrorReporter } from '../shared/api/error-reporter';
import { createQueryClient } from '../shared/api/query-client';
import { createRequest } from '../shared/api/request';
import type { AppEnvironment } from '../shared/environment/app-environment.context';
import { resolveFeatureFlags } from '../shared/feature-flags/feature-flags';
import { customerQueries } from '../shared/customer/customer.queries';
import { createPushChannel } from '../shared/push/push-channel';
import { nextTask } from '../shared/scheduling/next-task';
import { I18nProvider } from '../shared/i18n/i18n.context';
import { createTranslator } from '../shared/i18n/translator';
import { AppProviders } from './app-providers';
import { CookieBlockedPage } from './cookie-blocked-page';
import { createAppRouter } from './router';
import { siteDataAllowed } from './site-data';

function environmentFor(config: AppConfig): AppEnvironment {
  const reportError = createErrorReporter(config.errorReportUrl);
  return {
    config,
    reportError,
    request: createRequest(config.apiBaseUrls, reportError),
    flags: resolveFeatureFlags({
      search: window.location.search,
      storage: localStorage,
      hostname: window.location.hostname,
      featureFlagHosts: config.featureFlagHosts,
    }),
    push: createPushChannel(`${config.apiBaseUrls.photos.replace(/^http/, 'ws')}${PHOTO_EVENTS_PATH}`),
    leaveTo: (url) => window.location.assign(url),
  };
}

export { preloadPage } from './router';

export interface PreparedApp {
  config: AppConfig;
  /** Absent where the browser blocks site data: nothing is called then. */
  signedIn?: { environment: AppEnvironment; queryClient: QueryClient; session: Promise<unknown> };
}

/**
 * Starts the session call as soon as the config names the API, while the messages still load: the
 * signed-in routes wait for it, so it would otherwise begin only after the first render (decision 148).
 */
export function prepareApp(config: AppConfig): PreparedApp {
  if (!siteDataAllowed()) return { config };
  const environment = environmentFor(config);
  const queryClient = createQueryClient();
  const session = queryClient.fetchQuery(customerQueries.me(environment.request));
  // The loader reads the outcome; a failure here is not a second, unhandled one.
  session.catch(() => undefined);
  return { config, signedIn: { environment, queryClient, session } };
}

/**
 * Renders the account area once config and messages are in; the router then signs the customer in.
 * Resolves once the render is under way.
 */
export async function renderApp(root: Root, { config, signedIn }: PreparedApp, messages: LocaleMessages) {
  const translator = createTranslator(config.channel.Locale, messages);
  document.documentElement.lang = config.channel.Locale;
  if (!signedIn) {
    root.render(
      <I18nProvider translator={translator}>
        <CookieBlockedPage />
      </I18nProvider>,
    );
    return;
  }
  const { environment, queryClient, session } = signedIn;
  const router = createAppRouter(environment, queryClient, session);
  // The router's start (its routes, the first match, the loaders) and the first render are each a
  // long piece of work: in tasks of their own, neither holds the page for both (issue 23).
  await nextTask();
  // A transition: React renders the whole app in slices and lets the browser in between, instead of
  // one long task (issue 23: total blocking time); the loading indicator stays until it is done.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders environment={environment} queryClient={queryClient} translator={translator}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}
