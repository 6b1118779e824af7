import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { issuerFor, OIDC_CLIENT_ID } from '../storefronts/storefront-config.service';
import type { ResolvedStorefront, StorefrontResolver } from '../storefronts/storefronts';
import { SIGNING_ALGORITHM } from './auth-secrets.service';

const bodyless = new Set([101, 204, 205, 304]);

/**
 * The BFF's HTTP client for the authorities. Our own issuers are answered by `app.inject`: Node cannot
 * resolve `*.localhost`, and a call to ourselves needs no network at all. Anything else is a real
 * external authority and goes out through the global fetch.
 */
export function createInProcessFetch(
  app: FastifyInstance,
  storefronts: StorefrontResolver,
): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const own = storefronts.resolve(target.host);
    if (!own || own.origin !== target.origin) return fetch(url, options as RequestInit);
    const { body } = options;
    const payload =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string' || body instanceof URLSearchParams
          ? body.toString()
          : Buffer.from(await new Response(body as BodyInit).arrayBuffer());
    const answer = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      ...(payload === undefined ? {} : { payload }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        if (item !== undefined) headers.append(name, String(item));
      }
    }
    // An authority answers in JSON (or an HTML error page): text either way.
    return new Response(bodyless.has(answer.statusCode) ? null : answer.payload, {
      status: answer.statusCode,
      headers,
    });
  };
}

/** openid-client configurations, one per storefront issuer, discovered on first use. */
export function createRelyingParty(deps: { clientSecret: string; fetch: client.CustomFetch }) {
  const configurations = new Map<string, Promise<client.Configuration>>();

  return {
    configurationFor(resolved: ResolvedStorefront): Promise<client.Configuration> {
      const issuer = issuerFor(resolved);
      let configuration = configurations.get(issuer);
      if (!configuration) {
        configuration = client.discovery(
          new URL(issuer),
          OIDC_CLIENT_ID,
          { id_token_signed_response_alg: SIGNING_ALGORITHM },
          client.ClientSecretBasic(deps.clientSecret),
          {
            [client.customFetch]: deps.fetch,
            // Plain http only where the storefront itself is served so (local development).
            execute: issuer.startsWith('http://') ? [client.allowInsecureRequests] : [],
          },
        );
        configurations.set(issuer, configuration);
        // A failed discovery is tried again on the next sign-in rather than remembered.
        configuration.catch(() => configurations.delete(issuer));
      }
      return configuration;
    },
  };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
