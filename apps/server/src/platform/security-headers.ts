import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A year: the HSTS max-age browsers and preload lists expect. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * A strict policy: no inline script anywhere, scripts only from this origin (and the chat widget, if
 * set); over TLS, browsers are told to use nothing else (HSTS), so no first request goes out in clear
 * text for a network attacker to answer.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { supportChatScriptUrl: string | undefined; publicScheme: 'http' | 'https' },
): Promise<void> {
  const chatOrigin = options.supportChatScriptUrl ? new URL(options.supportChatScriptUrl).origin : undefined;
  await app.register(helmet, {
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
  });
}
