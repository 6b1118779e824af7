import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppEnvironmentProvider, type AppEnvironment } from '../shared/environment/app-environment.context';
import { I18nProvider } from '../shared/i18n/i18n.context';
import type { Translator } from '../shared/i18n/translator';
import { ArchiveDownloadsProvider } from '../shared/photo-library/archive-download';
import { ToastProvider, ToastRegion } from '../shared/ui/toasts';

export function AppProviders({
  environment,
  queryClient,
  translator,
  children,
}: {
  environment: AppEnvironment;
  queryClient: QueryClient;
  translator: Translator;
  children: ReactNode;
}) {
  return (
    <AppEnvironmentProvider environment={environment}>
      <I18nProvider translator={translator}>
        <QueryClientProvider client={queryClient}>
          {/* Above the router: toasts and the archives waited on outlive the page they came from. */}
          <ToastProvider>
            <ArchiveDownloadsProvider>
              {children}
              <ToastRegion />
            </ArchiveDownloadsProvider>
          </ToastProvider>
        </QueryClientProvider>
      </I18nProvider>
    </AppEnvironmentProvider>
  );
}
