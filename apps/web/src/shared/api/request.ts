import type { AppConfig } from '@photo/contracts/app-config';
import {
  buildPath,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
} from '@photo/contracts/endpoint';
import type { ReportError } from './error-reporter';
import { callJson } from './http';

export interface RequestOptions {
  signal?: AbortSignal;
  expectedStatuses?: readonly number[];
}

/** Calls one contract entry: `request(customersApi.me, {})`. */
export type Request = <E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  options?: RequestOptions,
) => Promise<EndpointResponse<E>>;

interface RequestInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createRequest(apiBaseUrls: AppConfig['apiBaseUrls'], reportError: ReportError): Request {
  return async (endpoint, input, options = {}) => {
    const { params, query, body } = input as RequestInput;
    const url = `${apiBaseUrls[endpoint.service]}${buildPath(endpoint.path, params)}${toQueryString(query)}`;
    const data: unknown = await callJson(
      {
        url,
        method: endpoint.method,
        body,
        response: endpoint.response,
        failedAction: 'REQUEST_FAILED',
        ...options,
      },
      reportError,
    );
    return data as EndpointResponse<typeof endpoint>;
  };
}
