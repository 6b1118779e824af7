import { identitiesApi } from '@photo/contracts/identities';
import { authCookiesFor, clearCookie } from '../auth/auth-cookies';
import type { ApiRouter } from '../platform/api-router';
import type { IdentitiesService } from './identities.service';

export function registerIdentityRoutes(
  api: ApiRouter,
  identities: IdentitiesService,
  publicScheme: 'http' | 'https',
): void {
  const cookies = authCookiesFor(publicScheme);
  api.handle(identitiesApi.requestEmailChange, ({ caller, params, body, request }) =>
    identities.requestEmailChange(caller, params, body, request.storefront),
  );
  api.handle(identitiesApi.confirmEmailChange, ({ caller, params, request }) =>
    identities.confirmEmailChange(caller, params, params.token, request.storefront),
  );
  api.handle(identitiesApi.requestAccountDeletion, ({ caller, params, body, request }) =>
    identities.requestAccountDeletion(caller, params, body, request.storefront),
  );
  api.handle(identitiesApi.confirmAccountDeletion, async ({ caller, params, reply }) => {
    await identities.confirmAccountDeletion(caller, params, params.token);
    // The session behind this browser's cookie is gone with all the others; the cookie goes too.
    void reply.header('set-cookie', clearCookie(cookies, cookies.session));
  });
}
