import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { networkOf } from '../platform/network-address';
import {
  PAGE_ASSETS_PATH,
  PAGE_STYLESHEET,
  registerPageAssets,
  type PageAsset,
} from '../platform/page-layout';
import { rateLimits } from '../platform/rate-limits';
import { LOGIN_PATH } from '../storefronts/storefront-config.service';
import {
  CONFIRM_ACCOUNT_PATH,
  confirmAccountActionPath,
  INTERACTION_PATH,
  OIDC_PREFIX,
  REGISTER_PATH,
  registerPagePath,
  signInPagePath,
} from './auth-paths';
import { REGISTER_SCREEN, SCREEN_PARAMETER, type IdentityProviders } from './identity-provider.service';
import { contextOf, sendPage, tooManyAttemptsPage } from './page-replies';
import { REGISTRATION_LINK_HOURS, type RegistrationService } from './registration.service';
import {
  renderAccountReadyPage,
  renderCheckEmailPage,
  renderConfirmAccountPage,
  renderConfirmationLinkPage,
  renderExpiredPage,
  renderRegisterPage,
  renderSignInFailedPage,
  renderSignInPage,
  SIGN_OUT_SCRIPT,
} from './sign-in.pages';
import type { SignInService } from './sign-in.service';

const assetFiles: PageAsset[] = [
  {
    name: PAGE_STYLESHEET,
    file: new URL('assets/sign-in.css', import.meta.url),
    type: 'text/css; charset=utf-8',
  },
  {
    name: SIGN_OUT_SCRIPT,
    file: new URL('assets/sign-out.js', import.meta.url),
    type: 'text/javascript; charset=utf-8',
  },
];

const formText = z.unknown().transform((value) => (typeof value === 'string' ? value : ''));
const SignInFormSchema = z.object({ email: formText, password: formText });
const RegisterFormSchema = z.object({
  firstName: formText,
  lastName: formText,
  email: formText,
  password: formText,
  // An unticked checkbox is not sent at all.
  business: z
    .unknown()
    .optional()
    .transform((value) => value === 'yes'),
});
const ConfirmFormSchema = z.object({ token: formText });
const formOf = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> =>
  schema.parse(typeof body === 'object' && body !== null ? body : {});

type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;

/** A confirmation link that no longer works: used (the account exists), or expired or unknown. */
const sendLinkGonePage = (
  request: FastifyRequest,
  reply: FastifyReply,
  link: { state: 'used' | 'invalid'; locale?: string },
) =>
  sendPage(
    reply,
    410,
    renderConfirmationLinkPage(contextOf(request, link.locale), {
      state: link.state,
      hours: REGISTRATION_LINK_HOURS,
    }),
  );

/** Back to the sign-in page the customer was on. */
const backToSignInPage = (request: FastifyRequest) => signInPagePath((request.params as { uid: string }).uid);

export async function registerIdentityProviderRoutes(
  app: FastifyInstance,
  deps: {
    providers: IdentityProviders;
    signIn: SignInService;
    registration: RegistrationService;
    registrationsPerHour: number;
  },
): Promise<void> {
  const { providers, signIn, registration } = deps;
  await registerPageAssets(app, PAGE_ASSETS_PATH, assetFiles);

  app.get(REGISTER_PATH, async (_request, reply) =>
    reply.redirect(`${LOGIN_PATH}?${SCREEN_PARAMETER}=${REGISTER_SCREEN}`, 303),
  );

  /** This browser's sign-in in progress at this address, if it is one that asks who signs in. */
  async function liveInteraction(request: InteractionRequest, reply: FastifyReply) {
    const details = await providers.interactionDetails(request.storefront, request.raw, reply.raw);
    if (!details || details.uid !== request.params.uid)
      return { details: undefined, problem: 'expired' as const };
    if (details.prompt.name !== 'login') {
      request.log.warn({ prompt: details.prompt.name }, 'unexpected interaction prompt');
      return { details: undefined, problem: 'unexpected' as const };
    }
    return { details, problem: undefined };
  }

  /** The sign-in in progress, or the "expired" page already sent. */
  async function interactionOf(request: InteractionRequest, reply: FastifyReply) {
    const { details, problem } = await liveInteraction(request, reply);
    if (problem === 'expired') await sendPage(reply, 400, renderExpiredPage(contextOf(request)));
    if (problem === 'unexpected')
      await sendPage(reply, 400, renderSignInFailedPage(contextOf(request), request.id));
    return details;
  }

  app.get<{ Params: { uid: string }; Querystring: { [SCREEN_PARAMETER]?: string } }>(
    `${INTERACTION_PATH}/:uid`,
    async (request, reply) => {
      if (request.query[SCREEN_PARAMETER] === REGISTER_SCREEN) {
        return reply.redirect(registerPagePath(request.params.uid), 303);
      }
      if (!(await interactionOf(request, reply))) return reply;
      return sendPage(reply, 200, renderSignInPage(contextOf(request), { uid: request.params.uid }));
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid/login`,
    // The sign-in service counts failed attempts and refuses with a 429 past its caps.
    { errorHandler: tooManyAttemptsPage(rateLimits.signInFailuresPerNetwork, backToSignInPage) },
    async (request, reply) => {
      if (!(await interactionOf(request, reply))) return reply;
      const { email, password } = formOf(SignInFormSchema, request.body);
      const check = await signIn.verifyCredentials(email, password, networkOf(request.ip));
      if (check.outcome !== 'signed-in') {
        const refusal = check.outcome === 'unconfirmed' ? 'unconfirmed' : 'wrongCredentials';
        return sendPage(
          reply,
          check.outcome === 'unconfirmed' ? 403 : 401,
          renderSignInPage(contextOf(request), { uid: request.params.uid, email, refusal }),
        );
      }
      const next = await providers.finishSignIn(request.storefront, request.raw, reply.raw, check.account);
      return reply.redirect(next, 303);
    },
  );

  app.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid/register`, async (request, reply) => {
    if (!(await interactionOf(request, reply))) return reply;
    return sendPage(reply, 200, renderRegisterPage(contextOf(request), { uid: request.params.uid }));
  });

  app.post<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid/register`,
    {
      config: {
        rateLimit: {
          max: deps.registrationsPerHour,
          timeWindow: rateLimits.registrations.windowSeconds * 1000,
          keyGenerator: (request) => networkOf(request.ip),
        },
      },
      errorHandler: tooManyAttemptsPage(rateLimits.registrations, backToSignInPage),
    },
    async (request, reply) => {
      if (!(await interactionOf(request, reply))) return reply;
      const form = formOf(RegisterFormSchema, request.body);
      const context = contextOf(request);
      const result = await registration.register(form, {
        storefront: request.storefront,
        locale: context.locale,
        interactionUid: request.params.uid,
      });
      if (!result.ok) {
        const { password: _password, ...values } = form;
        return sendPage(
          reply,
          400,
          renderRegisterPage(context, { uid: request.params.uid, form: { values, errors: result.errors } }),
        );
      }
      // Whether or not the address has an account, the answer is this same page.
      return sendPage(
        reply,
        200,
        renderCheckEmailPage(context, {
          uid: request.params.uid,
          email: result.email,
          hours: REGISTRATION_LINK_HOURS,
        }),
      );
    },
  );

  // The mailed link: a page with a button, never a change on GET (mail scanners open links).
  app.get<{ Params: { token: string } }>(`${CONFIRM_ACCOUNT_PATH}/:token`, async (request, reply) => {
    const status = await registration.linkStatus(request.params.token);
    if (status.state !== 'pending') return sendLinkGonePage(request, reply, status);
    return sendPage(
      reply,
      200,
      renderConfirmAccountPage(contextOf(request, status.locale), {
        action: confirmAccountActionPath(status.interactionUid),
        token: request.params.token,
        email: status.email,
      }),
    );
  });

  // Posted below the sign-in's address, so a browser that registered here brings the provider's
  // interaction cookie and is signed in at once; any other browser is asked to sign in.
  app.post<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid/confirm-account`,
    async (request, reply) => {
      const { token } = formOf(ConfirmFormSchema, request.body);
      const result = await registration.confirm(token);
      if (!result.ok) return sendLinkGonePage(request, reply, result);
      request.log.info({ customerId: result.account.accountId }, 'account created');
      const { details } = await liveInteraction(request, reply);
      if (details?.uid === result.interactionUid) {
        const next = await providers.finishSignIn(request.storefront, request.raw, reply.raw, result.account);
        return reply.redirect(next, 303);
      }
      return sendPage(
        reply,
        200,
        renderAccountReadyPage(contextOf(request, result.locale), { email: result.email }),
      );
    },
  );

  // Everything else below /oidc is the provider's own (discovery, authorize, token, JWKS, end
  // session): it reads the raw body itself, so Fastify must leave the body unparsed here.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: `${OIDC_PREFIX}/*`,
      handler: async (request, reply) => {
        reply.hijack();
        // Headers set by our hooks (security policy, correlation id) go out with the provider's answer.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) reply.raw.setHeader(name, value);
        }
        await providers.handle(request.storefront, request.raw, reply.raw, {
          correlationId: request.id,
          clientIp: request.ip,
        });
      },
    });
  });
}
