import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { customersApi } from '@photo/contracts/customers';
import { defineEndpoint } from '@photo/contracts/endpoint';
import { jsonResponse, sentReports, stubFetch, testConfig, testCustomer } from '../../test/fixtures';
import { ApiError } from './api-error';
import { createErrorReporter } from './error-reporter';
import { createRequest } from './request';

const albumPhotos = defineEndpoint({
  service: 'photos',
  method: 'GET',
  path: '/albums/:albumId/photos',
  params: z.object({ albumId: z.string() }),
  query: z.object({ cursor: z.string().optional(), limit: z.number(), sortKey: z.string() }),
  response: z.object({ cursor: z.string().nullable(), images: z.array(z.string()) }),
});

const renameAlbum = defineEndpoint({
  service: 'photos',
  method: 'PATCH',
  path: '/albums/:albumId',
  params: z.object({ albumId: z.string() }),
  body: z.object({ name: z.string() }),
  response: z.undefined(),
  successStatus: 204,
});

const photosBase = testConfig.apiBaseUrls.photos;
const customerUrl = `${testConfig.apiBaseUrls.customers}/customers/me`;
const request = createRequest(testConfig.apiBaseUrls, createErrorReporter(testConfig.errorReportUrl));

function headersOf(init: RequestInit | undefined): Headers {
  return new Headers(init?.headers);
}

afterEach(() => vi.useRealTimers());

describe('request', () => {
  it("builds the URL from the service's base URL, the encoded path and the query", async () => {
    const fetchMock = stubFetch({
      [`${photosBase}/albums/summer%2F2024/photos?limit=24&sortKey=created`]: () =>
        jsonResponse({ cursor: null, images: ['a'] }),
    });
    const page = await request(albumPhotos, {
      params: { albumId: 'summer/2024' },
      query: { cursor: undefined, limit: 24, sortKey: 'created' },
    });
    expect(page).toEqual({ cursor: null, images: ['a'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends the session cookie and a fresh correlation id, and no CSRF header on reads', async () => {
    const fetchMock = stubFetch({ [customerUrl]: () => jsonResponse(testCustomer()) });
    await request(customersApi.me, {});
    await request(customersApi.me, {});
    const [first, second] = fetchMock.mock.calls.map(([, init]) => init);
    expect(first?.credentials).toBe('same-origin');
    expect(first?.method).toBe('GET');
    expect(headersOf(first).get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(headersOf(first).get('x-correlation-id')).not.toBe(headersOf(second).get('x-correlation-id'));
    expect(headersOf(first).has('x-csrf')).toBe(false);
  });

  it('sends JSON bodies with the CSRF header on state-changing calls and accepts a 204', async () => {
    const fetchMock = stubFetch({ [`${photosBase}/albums/a1`]: () => jsonResponse(null, 204) });
    await expect(
      request(renameAlbum, { params: { albumId: 'a1' }, body: { name: 'Summer' } }),
    ).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"name":"Summer"}');
    expect(headersOf(init).get('content-type')).toBe('application/json');
    expect(headersOf(init).get('x-csrf')).toBe('1');
  });

  it('throws an ApiError with the status, the error code and the echoed correlation id, and reports it', async () => {
    const fetchMock = stubFetch({
      [customerUrl]: () =>
        jsonResponse({ error: { code: 'internal', message: 'boom' } }, 503, {
          'x-correlation-id': 'server-id-1',
        }),
    });
    const failure = await request(customersApi.me, {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 503, code: 'internal', correlationId: 'server-id-1' });
    expect(sentReports(fetchMock)).toEqual([
      expect.objectContaining({
        action: 'REQUEST_FAILED',
        status: 503,
        correlationId: 'server-id-1',
        url: customerUrl,
      }),
    ]);
    const reportInit = fetchMock.mock.calls.find(([url]) => url === testConfig.errorReportUrl)?.[1];
    expect(reportInit).toMatchObject({ method: 'POST', keepalive: true });
    expect(headersOf(reportInit).get('x-csrf')).toBe('1');
  });

  it('derives the code from the status when the answer is not an API error body', async () => {
    stubFetch({ [customerUrl]: () => new Response('<html>Not found</html>', { status: 404 }) });
    await expect(request(customersApi.me, {})).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('rejects an answer that does not match the response schema (strict parsing)', async () => {
    const fetchMock = stubFetch({
      [customerUrl]: () => jsonResponse({ ...testCustomer(), status: 'Unknown' }),
    });
    const failure = await request(customersApi.me, {}).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 200, code: 'invalid_response' });
    expect(sentReports(fetchMock)).toEqual([expect.objectContaining({ action: 'REQUEST_FAILED' })]);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    stubFetch({ [customerUrl]: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(request(customersApi.me, {})).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('does not report statuses the caller expects as answers', async () => {
    const fetchMock = stubFetch({
      [customerUrl]: () => jsonResponse({ error: { code: 'not_found', message: 'deleted' } }, 404),
    });
    await expect(request(customersApi.me, {}, { expectedStatuses: [404] })).rejects.toMatchObject({
      status: 404,
    });
    expect(sentReports(fetchMock)).toEqual([]);
  });

  it('reports the path only, never the query string', async () => {
    const fetchMock = stubFetch({});
    await request(albumPhotos, { params: { albumId: 'a' }, query: { limit: 1, sortKey: 'created' } }).catch(
      () => undefined,
    );
    expect(sentReports(fetchMock)).toEqual([
      expect.objectContaining({ url: `${photosBase}/albums/a/photos` }),
    ]);
  });

  it('never throws from reporting, even when the report cannot be sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        url === testConfig.errorReportUrl
          ? Promise.reject(new TypeError('offline'))
          : Promise.resolve(jsonResponse({ error: { code: 'internal', message: 'x' } }, 500)),
      ),
    );
    await expect(request(customersApi.me, {})).rejects.toMatchObject({ status: 500 });
    // A report the schema refuses (empty action) is dropped, not thrown.
    expect(() => createErrorReporter(testConfig.errorReportUrl)({ action: '', message: 'm' })).not.toThrow();
  });
});

describe('calls sent in one go (issue 23: total blocking time)', () => {
  const sendBoth = () => {
    const fetchMock = stubFetch({ [customerUrl]: () => jsonResponse(testCustomer()) });
    const calls = [request(customersApi.me, {}), request(customersApi.me, {})];
    return { fetchMock, calls };
  };
  const afterMicrotasks = async () => {
    for (let turn = 0; turn < 10; turn++) await Promise.resolve();
  };

  it('each take a task of their own where the browser can yield ahead of other work', async () => {
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>((resolve) => setTimeout(resolve, 0)) });
    const { fetchMock, calls } = sendBoth();
    await afterMicrotasks();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(Promise.all(calls)).resolves.toHaveLength(2);
  });

  it('all go at once where it cannot', async () => {
    const { fetchMock, calls } = sendBoth();
    await afterMicrotasks();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await Promise.all(calls);
  });
});
