import { createContext, use, type ReactNode } from 'react';
import type { AppConfig } from '@photo/contracts/app-config';
import type { ReportError } from '../api/error-reporter';
import type { Request } from '../api/request';
import type { FeatureFlags } from '../feature-flags/feature-flags';
import type { PushChannel } from '../push/push-channel';

/** What the app learned while booting, fixed for the page's lifetime. */
export interface AppEnvironment {
  config: AppConfig;
  request: Request;
  reportError: ReportError;
  flags: FeatureFlags;
  /** The customer's one push connection (photo and archive events), opened while anything listens. */
  push: PushChannel;
  /** Full page navigation (sign-in, sign-out): a seam so tests can watch it instead of leaving jsdom. */
  leaveTo: (url: string) => void;
}

const AppEnvironmentContext = createContext<AppEnvironment | null>(null);

export function AppEnvironmentProvider({
  environment,
  children,
}: {
  environment: AppEnvironment;
  children: ReactNode;
}) {
  return <AppEnvironmentContext value={environment}>{children}</AppEnvironmentContext>;
}

export function useAppEnvironment(): AppEnvironment {
  const environment = use(AppEnvironmentContext);
  if (!environment) throw new Error('useAppEnvironment must be used inside <AppEnvironmentProvider>');
  return environment;
}
