import { queryOptions } from '@tanstack/react-query';
import { MenuConfigSchema, type AppConfig } from '@photo/contracts/app-config';
import type { ReportError } from '../../shared/api/error-reporter';
import { callJson } from '../../shared/api/http';

export const menuConfigQueries = {
  channel: (menuConfigUrl: AppConfig['menuConfigUrl'], reportError: ReportError) =>
    queryOptions({
      queryKey: ['menu-config', menuConfigUrl],
      queryFn: ({ signal }) =>
        callJson(
          {
            url: menuConfigUrl,
            method: 'GET',
            response: MenuConfigSchema,
            failedAction: 'MENU_CONFIG_LOAD_FAILED',
            signal,
          },
          reportError,
        ),
      staleTime: Infinity,
      // The header has a fallback, so one failed try is enough: no reason to hammer the server, nor to
      // ask again when the header mounts after the router's own try (`prefetchShopNavigation`).
      retry: false,
      retryOnMount: false,
    }),
};
