import { newsletterApi } from '@photo/contracts/newsletter';
import type { ApiRouter } from '../platform/api-router';
import type { NewsletterService } from './newsletter.service';

export function registerNewsletterRoutes(api: ApiRouter, newsletter: NewsletterService): void {
  api.handle(newsletterApi.mine, ({ caller }) => newsletter.status(caller));
  api.handle(newsletterApi.subscribe, ({ caller, body, request }) =>
    newsletter.subscribe(caller, body, request.storefront),
  );
  api.handle(newsletterApi.unsubscribe, ({ caller }) => newsletter.unsubscribe(caller));
  api.handlePublic(newsletterApi.confirm, ({ params, request }) =>
    newsletter.confirm(params.email, params.token, request.ip),
  );
  api.handlePublic(newsletterApi.unsubscribeByLink, ({ params }) =>
    newsletter.unsubscribeByLink(params.email, params.token),
  );
}
