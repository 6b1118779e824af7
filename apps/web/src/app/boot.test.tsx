import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { jsonResponse, stubFetch, testConfig, testCustomer } from '../test/fixtures';
import { startApp } from './boot';

const customerUrl = `${testConfig.apiBaseUrls.customers}/customers/me`;
let root: Root | undefined;

function start() {
  const container = document.createElement('div');
  document.body.append(container);
  root = startApp(container);
}

afterEach(() => {
  act(() => root?.unmount());
  document.body.replaceChildren();
  document.documentElement.lang = 'en';
});

const signedInServer = {
  '/config.json': () => jsonResponse(testConfig),
  '/locales/en-GB.json': () => jsonResponse(en),
  [customerUrl]: () => jsonResponse(testCustomer()),
  [testConfig.menuConfigUrl]: () => jsonResponse({ items: [] }),
};

describe('boot (docs/product/roles.md)', () => {
  it('loads config, then messages, then the signed-in customer, and sets the page language', async () => {
    const fetchMock = stubFetch(signedInServer);
    start();
    expect(await screen.findByRole('heading', { level: 1, name: 'My account overview' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en-GB');
    const urls = fetchMock.mock.calls.map(([url]) => url.toString());
    expect(urls.slice(0, 3)).toEqual(['/config.json', '/locales/en-GB.json', customerUrl]);
  });

  it('asks for the customer while the messages are still on their way, once (decision 148)', async () => {
    let answerMessages: () => void = () => undefined;
    const messagesHeld = new Promise<void>((resolve) => (answerMessages = resolve));
    const fetchMock = stubFetch({
      ...signedInServer,
      '/locales/en-GB.json': async () => {
        await messagesHeld;
        return jsonResponse(en);
      },
    });
    const calls = () => fetchMock.mock.calls.map(([url]) => url.toString());
    start();
    await vi.waitFor(() => expect(calls()).toContain(customerUrl), { timeout: 20_000 });
    answerMessages();
    // The shell asks for its menu once the signed-in loader has let it render.
    await vi.waitFor(() => expect(calls()).toContain(testConfig.menuConfigUrl), { timeout: 20_000 });
    expect(calls().filter((url) => url === customerUrl)).toHaveLength(1);
  }, 45_000);

  it('shows a plain error page with Try again when the config cannot be loaded, and reports it', async () => {
    let configAnswers = 0;
    const fetchMock = stubFetch({
      ...signedInServer,
      '/config.json': () =>
        ++configAnswers === 1 ? jsonResponse({ broken: true }) : jsonResponse(testConfig),
      '/api/error-reports': () => jsonResponse(null, 204),
    });
    start();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
    // Without a config there is no error-report URL yet: the report goes to the same origin's endpoint.
    const report = fetchMock.mock.calls.find(([url]) => url.toString() === '/api/error-reports')?.[1]?.body;
    expect(JSON.parse(typeof report === 'string' ? report : 'null')).toMatchObject({
      action: 'CONFIG_LOAD_FAILED',
      url: '/config.json',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My account overview' })).toBeInTheDocument();
  });

  it('shows the same error page when the messages cannot be loaded', async () => {
    stubFetch({ ...signedInServer, '/locales/en-GB.json': () => jsonResponse(null, 503) });
    start();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['a list', ['Loading…']],
    ['a message that is not text', { ...en, 'common.loading': 42 }],
  ])('shows the same error page when the messages file holds %s', async (_what, catalogue) => {
    stubFetch({ ...signedInServer, '/locales/en-GB.json': () => jsonResponse(catalogue) });
    start();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeInTheDocument();
  });

  it('asks to enable site data and cookies when the browser blocks them', async () => {
    vi.spyOn(navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    const fetchMock = stubFetch(signedInServer);
    start();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please enable site data and cookies' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url.toString())).not.toContain(customerUrl);
  });

  it('also when local storage throws although cookies look enabled', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    stubFetch(signedInServer);
    start();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please enable site data and cookies' }),
    ).toBeInTheDocument();
  });
});
