import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** A strict policy: no inline script anywhere, scripts only from this origin (and the chat widget, if set). */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { supportChatScriptUrl: string | undefined },
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
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
  });
}
