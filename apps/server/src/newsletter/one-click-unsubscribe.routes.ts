import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NEWSLETTER_ONE_CLICK_PATH } from '@photo/contracts/newsletter';
import { DomainError } from '../platform/errors';
import type { LocaleCatalogues } from '../storefronts/locale-catalogues';
import { pickLocale } from '../storefronts/storefronts';
import type { NewsletterService } from './newsletter.service';
import {
  renderInvalidAddressPage,
  renderUnsubscribedPage,
  renderUnsubscribePage,
  type UnsubscribePageContext,
} from './one-click-unsubscribe.pages';

/** Mail providers post a form of one field; anything larger is not theirs. */
const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * The one-click unsubscribe address of decision 119, on the subscriber's storefront:
 * `POST /newsletter/unsubscribe/{token}` unsubscribes (RFC 8058), `GET` shows a page whose button
 * posts. No cookie, session or CSRF header is asked for: mail providers post it without any, and the
 * signed token is the credential.
 */
export async function registerOneClickUnsubscribeRoutes(
  app: FastifyInstance,
  deps: { newsletter: NewsletterService; catalogues: LocaleCatalogues },
): Promise<void> {
  const { newsletter } = deps;

  const contextOf = async (request: FastifyRequest): Promise<UnsubscribePageContext> => {
    const locale = pickLocale(request.storefront.storefront, request.headers['accept-language']);
    const messages = (await deps.catalogues(locale, request.storefront.storefront.id)) ?? {};
    return { locale, vendor: request.storefront.storefront.vendor, messages };
  };

  // The token is in the address: kept by no cache, sent on as no referrer, listed by no search engine.
  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex')
      .send(html);

  await app.register(async (scope) => {
    // RFC 8058 lets the provider post multipart/form-data as well as a urlencoded form. The body is
    // never read: the POST itself is the request to unsubscribe.
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
      (_request, _body, done) => done(null, undefined),
    );

    // A token that is not ours answers a page a person can read, with the same 404 a provider gets.
    scope.setErrorHandler(async (error: FastifyError | DomainError, request, reply) => {
      if (!(error instanceof DomainError) || error.status !== 404) throw error;
      return sendPage(reply, 404, renderInvalidAddressPage(await contextOf(request)));
    });

    scope.get<{ Params: { token: string } }>(
      `${NEWSLETTER_ONE_CLICK_PATH}/:token`,
      async (request, reply) => {
        const { token } = request.params;
        newsletter.checkUnsubscribeToken(token, request.storefront.storefront.id);
        const action = `${NEWSLETTER_ONE_CLICK_PATH}/${encodeURIComponent(token)}`;
        return sendPage(reply, 200, renderUnsubscribePage(await contextOf(request), action));
      },
    );

    scope.post<{ Params: { token: string } }>(
      `${NEWSLETTER_ONE_CLICK_PATH}/:token`,
      { bodyLimit: BODY_LIMIT_BYTES },
      async (request, reply) => {
        await newsletter.unsubscribeByToken(request.params.token, request.storefront.storefront.id);
        return sendPage(reply, 200, renderUnsubscribedPage(await contextOf(request)));
      },
    );
  });
}
