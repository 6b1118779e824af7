import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { AppConfigSchema, featureFlagNames, type AppConfig } from '@photo/contracts/app-config';
import { serviceBasePath, serviceNames } from '@photo/contracts/endpoint';
import type { Customer } from '@photo/contracts/customers';
import en from '../../locales/en.json';
import { AppProviders } from '../app/app-providers';
import { createRoutes } from '../app/router';
import { createErrorReporter } from '../shared/api/error-reporter';
import { createQueryClient } from '../shared/api/query-client';
import { createRequest } from '../shared/api/request';
import type { AppEnvironment } from '../shared/environment/app-environment.context';
import type { FeatureFlags } from '../shared/feature-flags/feature-flags';
import type { PushChannel, PushListener } from '../shared/push/push-channel';
import { createTranslator } from '../shared/i18n/translator';

const origin = 'http://nl.localhost:8080';

export const testConfig: AppConfig = AppConfigSchema.parse({
  channel: { ID: 'UK', Vendor: 'PhotoShop UK', Locale: 'en-GB' },
  locales: ['en-GB'],
  apiBaseUrls: Object.fromEntries(
    serviceNames.map((service) => [service, `${origin}${serviceBasePath(service)}`]),
  ),
  printsEditorUrl: 'https://www.photoshop.co.uk/editor/prints',
  printsOrdering: { enabled: true, productCode: 'PAP_910' },
  nativeAppUrl: null,
  cookieConsentUrl: 'https://www.photoshop.co.uk/cookies',
  faqUrl: 'https://www.photoshop.co.uk/faq',
  shopUrl: 'https://www.photoshop.co.uk',
  createAccountUrl: `${origin}/oidc/register`,
  customerCareUrl: 'https://www.photoshop.co.uk/customer-care',
  auth: {
    authority: `${origin}/oidc`,
    clientId: 'account-area',
    scopes: ['openid'],
    loginUrl: '/auth/login',
    logoutUrl: '/logout',
  },
  featureFlagHosts: Object.fromEntries(featureFlagNames.map((flag) => [flag, ['nl.localhost']])),
  feedbackSurveyId: null,
  supportChatScriptUrl: null,
  errorReportUrl: `${origin}/api/error-reports`,
  menuConfigUrl: `${origin}/menu-config/UK.json`,
});

/** The app's providers, for tests of shared code (which may not import the app itself). */
export { AppProviders };

export const allFlagsOn = Object.fromEntries(featureFlagNames.map((flag) => [flag, true])) as FeatureFlags;

export function testCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    id: 'c-1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    isB2B: false,
    status: 'Default',
    callbackUrl: null,
    callbackFormat: null,
    registrationDate: '2024-03-01T10:00:00+00:00',
    salutation: null,
    phone: null,
    dateOfBirth: null,
    companyName: null,
    vatId: null,
    chamberOfCommerceNumber: null,
    identity: { idpType: 'photo-shop', idpSub: overrides.id ?? 'c-1' },
    ...overrides,
  };
}

export const enTranslator = createTranslator('en-GB', en);

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export type FetchRoute = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Replaces `fetch` (the server is outside the web unit): each URL answers from `routes`; error
 * reports are accepted; anything else is a test mistake and answers 599.
 */
export function stubFetch(routes: Record<string, FetchRoute>) {
  const fetchMock = vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = input.toString();
    const route = routes[url];
    if (route) return route(init);
    if (url === testConfig.errorReportUrl) return jsonResponse(null, 204);
    return jsonResponse({ error: { code: 'internal', message: `unexpected call ${url}` } }, 599);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function calledUrls(fetchMock: ReturnType<typeof stubFetch>): string[] {
  return fetchMock.mock.calls.map(([url]) => url.toString());
}

/** The bodies of the error reports sent so far. */
export function sentReports(fetchMock: ReturnType<typeof stubFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => url.toString() === testConfig.errorReportUrl)
    .map(([, init]) => JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown);
}

/** The push channel without a server: a test delivers messages and says when it is connected. */
export interface FakePushChannel extends PushChannel {
  deliver(message: unknown): void;
  /** As when the server answers 'OK' to a (new) connection. */
  connect(): void;
  listenerCount(): number;
}

export function fakePushChannel(): FakePushChannel {
  const listeners = new Set<PushListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    deliver: (message) => [...listeners].forEach((listener) => listener.onMessage(message)),
    connect: () => [...listeners].forEach((listener) => listener.onReady?.()),
    listenerCount: () => listeners.size,
  };
}

/**
 * The environment of a component test: the test's own `request` (a stub that answers by endpoint),
 * every flag on, a fake push channel; `overrides` replace any of them.
 */
export function testEnvironment(request: unknown, overrides: Partial<AppEnvironment> = {}): AppEnvironment {
  return {
    config: testConfig,
    request: request as AppEnvironment['request'],
    reportError: vi.fn(),
    flags: allFlagsOn,
    leaveTo: vi.fn(),
    push: fakePushChannel(),
    ...overrides,
  };
}

/** jsdom has no modal dialogs; enough of one for `ModalDialog` (open while shown). */
export function polyfillDialog() {
  const prototype = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
  prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

const customerUrl = `${testConfig.apiBaseUrls.customers}/customers/me`;

export interface RenderAppOptions {
  path: string;
  /** The customer `/customers/me` answers with, or the status it fails with. */
  customer?: Customer | number;
  flags?: Partial<FeatureFlags>;
  config?: Partial<AppConfig>;
  /** Further answers of the server, by URL (the page's own calls). */
  routes?: Record<string, FetchRoute>;
}

/** The whole account area at `path`, on the real route table, with only the network replaced. */
export function renderApp({
  path,
  customer = testCustomer(),
  flags = {},
  config = {},
  routes = {},
}: RenderAppOptions) {
  const appConfig = { ...testConfig, ...config };
  const fetchMock = stubFetch({
    ...routes,
    [customerUrl]: () =>
      typeof customer === 'number'
        ? jsonResponse(
            { error: { code: customer === 401 ? 'unauthorized' : 'not_found', message: 'no' } },
            customer,
          )
        : jsonResponse(customer),
    [testConfig.menuConfigUrl]: () =>
      jsonResponse({ items: [{ label: 'Photo books', url: 'https://www.photoshop.co.uk/photo-books' }] }),
  });
  const reportError = createErrorReporter(appConfig.errorReportUrl);
  const environment: AppEnvironment = {
    config: appConfig,
    reportError,
    request: createRequest(appConfig.apiBaseUrls, reportError),
    flags: { ...allFlagsOn, ...flags },
    push: fakePushChannel(),
    leaveTo: vi.fn(),
  };
  const queryClient = createQueryClient();
  // A page's prefetch has no observer to stop its retries when the test unmounts the app: a failing
  // call tried again a second later would answer in the next test.
  onTestFinished(() => queryClient.clear());
  const router = createMemoryRouter(createRoutes(environment, queryClient), { initialEntries: [path] });
  const view = render(
    <AppProviders environment={environment} queryClient={queryClient} translator={enTranslator}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    router,
    environment,
    fetchMock,
    queryClient,
    push: environment.push as FakePushChannel,
  };
}
