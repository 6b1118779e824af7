import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import Provider, {
  errors,
  interactionPolicy,
  type Configuration,
  type Interaction,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { CustomersRepository } from '../customers/customers.repository';
import { issuerFor, OIDC_CLIENT_ID, OIDC_SCOPES } from '../storefronts/storefront-config.service';
import type { ResolvedStorefront } from '../storefronts/storefronts';
import { API_AUDIENCE, CALLBACK_PATH, OIDC_PREFIX, signInPagePath } from './auth-paths';
import { SIGNING_ALGORITHM, type AuthSecrets } from './auth-secrets.service';
import { createOidcAdapterFactory } from './oidc-adapter';
import type { OidcPayloadsRepository } from './oidc-payloads.repository';
import {
  pageContextFor,
  renderSignedOutPage,
  renderSignInFailedPage,
  renderSignOutPage,
} from './sign-in.pages';
import { authenticationMethodsOf, type SignedInAccount } from './sign-in.service';

/**
 * How long a customer may take on the sign-in pages; the BFF keeps its half of the flow as long. Short,
 * because every start of a sign-in stores a row (BFF and provider) that only expiry removes when the
 * customer walks away.
 */
export const SIGN_IN_FLOW_TTL_SECONDS = 30 * 60;
/** Short-lived on purpose: the BFF refreshes quietly, and a leaked token is soon worthless. */
export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
/** How long one sign-in lasts, at most, before the customer signs in again. */
export const SIGN_IN_TTL_SECONDS = 14 * 24 * 60 * 60;

/** Asks the sign-in page to open on "Create an account" (the `createAccountUrl` of the config). */
export const SCREEN_PARAMETER = 'screen';
export const REGISTER_SCREEN = 'register';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface IdentityProviderDeps {
  secrets: AuthSecrets;
  payloads: OidcPayloadsRepository;
  customers: CustomersRepository;
  log: FastifyBaseLogger;
}

export interface IdentityProviders {
  /** Hands a request below `/oidc` to the storefront's provider, which answers it on the raw response. */
  handle(
    resolved: ResolvedStorefront,
    request: IncomingMessage,
    response: ServerResponse,
    context: { correlationId: string; clientIp: string },
  ): Promise<void>;
  /** The sign-in in progress, or undefined when its cookie or record has expired. */
  interactionDetails(
    resolved: ResolvedStorefront,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<Interaction | undefined>;
  /** Records who signed in; answers where the browser continues the authorization. */
  finishSignIn(
    resolved: ResolvedStorefront,
    request: IncomingMessage,
    response: ServerResponse,
    account: SignedInAccount,
  ): Promise<string>;
}

/** The embedded OpenID Providers: one issuer per storefront origin, each made on first use. */
export function createIdentityProviders(deps: IdentityProviderDeps): IdentityProviders {
  const byIssuer = new Map<string, { provider: Provider; handler: ReturnType<Provider['callback']> }>();
  const correlationIds = new WeakMap<IncomingMessage, string>();

  const correlationIdOf = (ctx: KoaContextWithOIDC) => correlationIds.get(ctx.req) ?? 'unknown';

  function providerFor(resolved: ResolvedStorefront) {
    const issuer = issuerFor(resolved);
    let entry = byIssuer.get(issuer);
    if (!entry) {
      const provider = new Provider(issuer, configurationFor(resolved, issuer));
      // Our route sets the forwarded headers from the storefront's configured origin, never the caller's.
      provider.proxy = true;
      const report = (level: 'error' | 'warn', event: string) => (ctx: KoaContextWithOIDC, error: Error) =>
        deps.log[level](
          { err: error, correlationId: correlationIdOf(ctx), issuer },
          `identity provider ${event}`,
        );
      provider.on('server_error', report('error', 'server_error'));
      provider.on('authorization.error', report('warn', 'authorization.error'));
      provider.on('grant.error', report('warn', 'grant.error'));
      provider.on('end_session.error', report('warn', 'end_session.error'));
      entry = { provider, handler: provider.callback() };
      byIssuer.set(issuer, entry);
    }
    return entry;
  }

  function configurationFor(resolved: ResolvedStorefront, issuer: string): Configuration {
    const page = (ctx: KoaContextWithOIDC) => pageContextFor(resolved, ctx.get('accept-language'));
    return {
      adapter: createOidcAdapterFactory(deps.payloads, issuer),
      clients: [
        {
          client_id: OIDC_CLIENT_ID,
          client_secret: deps.secrets.clientSecret,
          client_name: resolved.storefront.vendor,
          redirect_uris: [`${resolved.origin}${CALLBACK_PATH}`],
          post_logout_redirect_uris: [`${resolved.origin}/`],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
          id_token_signed_response_alg: SIGNING_ALGORITHM,
        },
      ],
      jwks: { keys: deps.secrets.signingKeys },
      cookies: { keys: deps.secrets.cookieKeys },
      scopes: OIDC_SCOPES,
      claims: {
        acr: null,
        auth_time: null,
        iss: null,
        sid: null,
        // In every ID token, like the access token: the authentication method marks B2B (docs/product/roles.md).
        openid: ['sub', 'amr'],
        email: ['email'],
        profile: ['given_name', 'family_name', 'name'],
      },
      pkce: { required: () => true },
      responseTypes: ['code'],
      extraParams: [SCREEN_PARAMETER],
      clientBasedCORS: () => false,
      async findAccount(_ctx, sub) {
        if (!uuidPattern.test(sub)) return undefined;
        const customer = await deps.customers.findById(sub);
        // A deleted account mints no more tokens: its refresh fails and the session ends.
        if (!customer || customer.deleted) return undefined;
        return {
          accountId: customer.id,
          claims: () => ({
            sub: customer.id,
            email: customer.email,
            given_name: customer.firstName,
            family_name: customer.lastName,
            name: `${customer.firstName} ${customer.lastName}`.trim(),
          }),
        };
      },
      // Read again on every token, refresh included, so a change of customer kind shows at once.
      async extraTokenClaims(_ctx, token) {
        const accountId = 'accountId' in token ? token.accountId : undefined;
        if (!accountId || !uuidPattern.test(accountId)) return undefined;
        const customer = await deps.customers.findById(accountId);
        return customer ? { amr: authenticationMethodsOf(customer) } : undefined;
      },
      // The account area is our own first-party client: customers are never asked for consent.
      async loadExistingGrant(ctx) {
        const { client, session } = ctx.oidc;
        if (!client || !session?.accountId) return undefined;
        const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
        const grant =
          (grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined) ??
          new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
        // Everything the client may ask for, so an older grant never falls short and prompts.
        grant.addOIDCScope(OIDC_SCOPES.join(' '));
        grant.addResourceScope(API_AUDIENCE, '');
        await grant.save();
        return grant;
      },
      interactions: {
        policy: signInPolicy(),
        // The provider scopes its interaction cookie to the path of this first address, so every page
        // of the sign-in lives below `signInPagePath`; the registration screen is asked for by query.
        url: (_ctx, interaction) =>
          interaction.params[SCREEN_PARAMETER] === REGISTER_SCREEN
            ? `${signInPagePath(interaction.uid)}?${SCREEN_PARAMETER}=${REGISTER_SCREEN}`
            : signInPagePath(interaction.uid),
      },
      features: {
        devInteractions: { enabled: false },
        // The BFF revokes its own refresh token at sign-out; no client may revoke another's.
        revocation: {
          enabled: true,
          allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
        },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => API_AUDIENCE,
          useGrantedResource: () => true,
          getResourceServerInfo(_ctx, resource) {
            if (resource !== API_AUDIENCE) throw new errors.InvalidTarget();
            return {
              scope: '',
              audience: API_AUDIENCE,
              accessTokenFormat: 'jwt',
              accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
              jwt: { sign: { alg: SIGNING_ALGORITHM } },
            };
          },
        },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource(ctx, form) {
            ctx.type = 'html';
            ctx.body = renderSignOutPage(page(ctx), form);
          },
          postLogoutSuccessSource(ctx) {
            ctx.type = 'html';
            ctx.body = renderSignedOutPage(page(ctx));
          },
        },
      },
      // The one client is the BFF, a confidential client that proves itself on every refresh, so its
      // refresh token stays the same (RFC 9700, 4.14.2): a rotated token is lost when a replica dies
      // between the provider's answer and saving it, and that signed the customer out (decision 151).
      rotateRefreshToken: false,
      ttl: {
        AccessToken: ACCESS_TOKEN_TTL_SECONDS,
        AuthorizationCode: 60,
        IdToken: 60 * 60,
        Interaction: SIGN_IN_FLOW_TTL_SECONDS,
        RefreshToken: SIGN_IN_TTL_SECONDS,
        Grant: SIGN_IN_TTL_SECONDS,
        Session: SIGN_IN_TTL_SECONDS,
      },
      renderError(ctx, out) {
        deps.log.warn(
          {
            correlationId: correlationIdOf(ctx),
            error: out.error,
            description: out.error_description,
            issuer,
          },
          'identity provider refused a request',
        );
        ctx.type = 'html';
        ctx.body = renderSignInFailedPage(page(ctx), correlationIdOf(ctx));
      },
    };
  }

  return {
    async handle(resolved, request, response, { correlationId, clientIp }) {
      const { handler } = providerFor(resolved);
      const origin = new URL(resolved.origin);
      request.headers['x-forwarded-proto'] = origin.protocol.replace(':', '');
      request.headers['x-forwarded-host'] = origin.host;
      request.headers['x-forwarded-for'] = clientIp;
      correlationIds.set(request, correlationId);
      // Mounted below a prefix: the provider routes on the rest and builds its URLs from `originalUrl`.
      const url = request.url ?? '/';
      const rest = url.slice(OIDC_PREFIX.length);
      Object.assign(request, { originalUrl: url, url: rest.startsWith('/') ? rest : `/${rest}` });
      await handler(request, response);
    },

    async interactionDetails(resolved, request, response) {
      try {
        return await providerFor(resolved).provider.interactionDetails(request, response);
      } catch (error) {
        if (error instanceof errors.SessionNotFound) return undefined;
        throw error;
      }
    },

    async finishSignIn(resolved, request, response, account) {
      return providerFor(resolved).provider.interactionResult(request, response, {
        login: { accountId: account.accountId, amr: account.amr, remember: true },
      });
    },
  };
}

/**
 * The default policy, with two changes for our first-party client:
 * - `prompt=consent` asks nothing. The BFF must send it, because OpenID Connect grants `offline_access`
 *   (the refresh token) only with it, but there is nobody to ask: the shop is the client.
 * - A customer who asked to create an account sees the registration page even when the provider
 *   still remembers an earlier sign-in.
 */
function signInPolicy() {
  const policy = interactionPolicy.base();
  policy.get('consent')!.checks.remove('consent_prompt');
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check(
        'registration_requested',
        'the customer asked to create an account',
        (ctx) =>
          ctx.oidc.params?.[SCREEN_PARAMETER] === REGISTER_SCREEN && !ctx.oidc.result?.login
            ? interactionPolicy.Check.REQUEST_PROMPT
            : interactionPolicy.Check.NO_NEED_TO_PROMPT,
      ),
    );
  return policy;
}
