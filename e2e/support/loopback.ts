import { request } from 'node:http';
import { E2E_PORT } from '../playwright.config';

/**
 * Node does not resolve `*.localhost` as browsers do: calls from the test itself go to the server on
 * loopback and name the storefront in the Host header.
 */
export function callServer(options: {
  method?: 'GET' | 'PUT';
  path: string;
  host: string;
  body?: unknown;
}): Promise<{ status: number; body: string }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        method: options.method ?? 'GET',
        path: options.path,
        headers: {
          host: options.host,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}
