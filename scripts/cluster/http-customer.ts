/**
 * A signed-in customer over real HTTP, for the cluster tests and the cluster bench: it reaches any
 * address on loopback while naming a storefront host (`nl.localhost:8190`), keeps cookies, and signs
 * in through the real flow (the BFF, the provider's page, the callback).
 */
import { Agent, request } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

export interface HttpOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** The loopback address to connect from (127.x.y.z), so the load balancer sees distinct clients. */
  localAddress?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** One HTTP exchange with `baseUrl` (e.g. `http://127.0.0.1:8190`), the Host header as given. */
export function httpRequest(
  baseUrl: string,
  address: string,
  options: HttpOptions = {},
): Promise<HttpAnswer> {
  const url = new URL(address, baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('error', reject);
        incoming.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body,
            text: () => body.toString('utf8'),
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

export interface HttpCustomer {
  /** `nl.localhost:8190`: what the browser would send as Host. */
  readonly host: string;
  /** `http://nl.localhost:8190`: the storefront's origin. */
  readonly origin: string;
  /** Cookie, CSRF header, Origin and Host: ready for any API call. */
  headers(): { host: string; origin: string; 'x-csrf': string; cookie: string };
  /** An API call through `baseUrl` (default: the address the customer signed in through). */
  call(address: string, options?: HttpOptions & { baseUrl?: string }): Promise<HttpAnswer>;
}

/** Signs `email` in through `baseUrl` on storefront `host`, following the real redirects. */
export async function signInOverHttp(
  baseUrl: string,
  options: { host: string; email: string; password: string; localAddress?: string },
): Promise<HttpCustomer> {
  const origin = `http://${options.host}`;
  const cookies = new Map<string, string>();
  const keep = (answer: HttpAnswer) => {
    const setCookies = answer.headers['set-cookie'] ?? [];
    for (const line of Array.isArray(setCookies) ? setCookies : [setCookies]) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const send = async (method: 'GET' | 'POST', address: string, form?: Record<string, string>) => {
    const answer = await httpRequest(
      baseUrl,
      new URL(address, origin).pathname + new URL(address, origin).search,
      {
        method,
        headers: {
          host: options.host,
          cookie: cookieHeader(),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded', origin } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
      },
    );
    keep(answer);
    return answer;
  };
  const follow = async (first: HttpAnswer) => {
    let answer = first;
    for (let hop = 0; hop < 10; hop += 1) {
      const location = answer.headers.location;
      if (answer.status < 300 || answer.status >= 400 || typeof location !== 'string') return answer;
      const next = new URL(location, origin);
      if (
        next.origin !== origin ||
        !(next.pathname.startsWith('/oidc') || next.pathname.startsWith('/auth/'))
      ) {
        return answer;
      }
      answer = await send('GET', location);
    }
    throw new Error('signInOverHttp: too many redirects');
  };

  const page = await follow(await send('GET', '/auth/login?returnTo=%2F'));
  const action = /<form method="post" action="([^"]+)"/.exec(page.text())?.[1];
  if (!action)
    throw new Error(`signInOverHttp: no sign-in page (${page.status}): ${page.text().slice(0, 200)}`);
  const done = await follow(
    await send('POST', action.replaceAll('&amp;', '&'), { email: options.email, password: options.password }),
  );
  if (done.status !== 302 && done.status !== 303) {
    throw new Error(
      `signInOverHttp(${options.email}) ended with ${done.status}: ${done.text().slice(0, 200)}`,
    );
  }

  const headers = () => ({ host: options.host, origin, 'x-csrf': '1', cookie: cookieHeader() });
  return {
    host: options.host,
    origin,
    headers,
    call: (address, callOptions = {}) =>
      httpRequest(callOptions.baseUrl ?? baseUrl, address, {
        localAddress: options.localAddress,
        ...callOptions,
        headers: { ...headers(), ...callOptions.headers },
      }),
  };
}
