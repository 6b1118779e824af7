import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** A year: the HSTS max-age browsers and preload lists expect. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * A strict policy: no inline script anywhere, scripts only from this origin (and the chat widget, if
 * set); over TLS, browsers are told to use nothing else (HSTS), so no first request goes out in clear
 * text for a network attacker to answer.
 */
function securityHeaderOptions(options: {
  supportChatScriptUrl: string | undefined;
  publicScheme: 'http' | 'https';
}): HelmetOptions {
  const chatOrigin = options.supportChatScriptUrl ? new URL(options.supportChatScriptUrl).origin : undefined;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(chatOrigin ? [chatOrigin] : [])],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", ...(chatOrigin ? [chatOrigin] : [])],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Sent whatever the request's own scheme: behind a TLS proxy the request arrives as plain HTTP.
    strictTransportSecurity:
      options.publicScheme === 'https' ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
  };
}

/** The headers helmet sets for these options; none depends on the request (no nonces). */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Every answer carries the same security headers. They are worked out once: `@fastify/helmet` built
 * helmet's middleware again on every request, parsing the policy each time (5 % of a small call's CPU
 * in the capacity bench's profile, decision 159).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { supportChatScriptUrl: string | undefined; publicScheme: 'http' | 'https' },
): void {
  const headers = helmetHeaders(securityHeaderOptions(options));
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
