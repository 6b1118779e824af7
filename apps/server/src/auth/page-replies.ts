import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimit } from '../platform/rate-limits';
import { pageContextFor, renderTooManyAttemptsPage, type PageContext } from './sign-in.pages';

export const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

/**
 * The customer's language among the storefront's: the one they registered in when a page follows a
 * registration (a locale is a valid language preference), else the browser's.
 */
export const contextOf = (request: FastifyRequest, registeredLocale?: string): PageContext =>
  pageContextFor(request.storefront, registeredLocale ?? request.headers['accept-language']);

/**
 * A route's error handler that turns a 429 (a rate limit, or too many failed sign-ins) into a page a
 * person can read, saying how long to wait; other errors go on to the app's handler.
 */
export function tooManyAttemptsPage(
  limit: Pick<RateLimit, 'windowSeconds'>,
  backTo: (request: FastifyRequest) => string,
) {
  const minutes = limit.windowSeconds / 60;
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.statusCode !== 429) throw error;
    request.log.warn({ ip: request.ip, url: request.url }, 'sign-in rate limit reached');
    void sendPage(
      reply,
      429,
      renderTooManyAttemptsPage(contextOf(request), { href: backTo(request), minutes }),
    );
  };
}
