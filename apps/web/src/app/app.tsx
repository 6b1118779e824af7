import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { AppConfig, LocaleMessages } from '@photo/contracts/app-config';
import { PHOTO_EVENTS_PATH } from '@photo/contracts/photos';
import { createErrorReporter } from '../shared/api/error-reporter';
import { createQueryClient } from '../shared/api/query-client';
import { createRequest } from '../shared/api/request';
import type { AppEnvironment } from '../shared/environment/app-environment.context';
import { resolveFeatureFlags } from '../shared/feature-flags/feature-flags';
import { createPushChannel } from '../shared/push/push-channel';
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

/** Renders the account area once config and messages are in; the router then signs the customer in. */
export function renderApp(root: Root, { config, messages }: { config: AppConfig; messages: LocaleMessages }) {
  const translator = createTranslator(config.channel.Locale, messages);
  document.documentElement.lang = config.channel.Locale;
  if (!siteDataAllowed()) {
    root.render(
      <I18nProvider translator={translator}>
        <CookieBlockedPage />
      </I18nProvider>,
    );
    return;
  }
  const environment = environmentFor(config);
  const queryClient = createQueryClient();
  root.render(
    <StrictMode>
      <AppProviders environment={environment} queryClient={queryClient} translator={translator}>
        <RouterProvider router={createAppRouter(environment, queryClient)} />
      </AppProviders>
    </StrictMode>,
  );
}
