import { readFile } from 'node:fs/promises';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOGIN_PATH } from '../storefronts/storefront-config.service';
import { ASSETS_PATH, INTERACTION_PATH, OIDC_PREFIX, REGISTER_PATH } from './auth-paths';
import { REGISTER_SCREEN, SCREEN_PARAMETER, type IdentityProviders } from './identity-provider.service';
import {
  pageContextFor,
  renderExpiredPage,
  renderRegisterPage,
  renderSignInFailedPage,
  renderSignInPage,
  renderTooManyAttemptsPage,
  SIGN_OUT_SCRIPT,
  STYLESHEET,
  type PageContext,
} from './sign-in.pages';
import type { SignInService } from './sign-in.service';

/** Guessing passwords: 10 tries per e-mail address and network address per quarter of an hour. */
export const SIGN_IN_ATTEMPTS = 10;
export const SIGN_IN_WINDOW_MINUTES = 15;
/** Making accounts in bulk from one network address. */
const REGISTRATIONS_PER_HOUR = 20;
const REGISTRATION_WINDOW_MINUTES = 60;

const assetFiles = [
  { name: STYLESHEET, file: 'assets/sign-in.css', type: 'text/css; charset=utf-8' },
  { name: SIGN_OUT_SCRIPT, file: 'assets/sign-out.js', type: 'text/javascript; charset=utf-8' },
];

const formText = z.unknown().transform((value) => (typeof value === 'string' ? value : ''));
const SignInFormSchema = z.object({ email: formText, password: formText });
const RegisterFormSchema = z.object({
  firstName: formText,
  lastName: formText,
  email: formText,
  password: formText,
});
const formOf = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> =>
  schema.parse(typeof body === 'object' && body !== null ? body : {});

type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

const contextOf = (request: FastifyRequest): PageContext =>
  pageContextFor(request.storefront, request.headers['accept-language']);

/**
 * A 429 from the rate limit becomes a page a person can read, saying how long to wait; other errors
 * go on to the app's handler.
 */
function tooManyAttemptsPage(minutes: number) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.statusCode !== 429) throw error;
    const { uid } = request.params as { uid: string };
    request.log.warn({ ip: request.ip, url: request.url }, 'sign-in rate limit reached');
    void sendPage(reply, 429, renderTooManyAttemptsPage(contextOf(request), { uid, minutes }));
  };
}

export async function registerIdentityProviderRoutes(
  app: FastifyInstance,
  deps: { providers: IdentityProviders; signIn: SignInService },
): Promise<void> {
  const { providers, signIn } = deps;
  const assets = new Map(
    await Promise.all(
      assetFiles.map(
        async ({ name, file, type }) =>
          [name, { type, body: await readFile(new URL(file, import.meta.url), 'utf8') }] as const,
      ),
    ),
  );

  app.get<{ Params: { name: string } }>(`${ASSETS_PATH}/:name`, async (request, reply) => {
    const asset = assets.get(request.params.name);
    if (!asset) return reply.callNotFound();
    return reply.header('cache-control', 'public, max-age=3600').type(asset.type).send(asset.body);
  });

  app.get(REGISTER_PATH, async (_request, reply) =>
    reply.redirect(`${LOGIN_PATH}?${SCREEN_PARAMETER}=${REGISTER_SCREEN}`, 303),
  );

  /** The sign-in in progress, or the "expired" page already sent. */
  async function interactionOf(request: InteractionRequest, reply: FastifyReply) {
    const details = await providers.interactionDetails(request.storefront, request.raw, reply.raw);
    if (!details || details.uid !== request.params.uid) {
      await sendPage(reply, 400, renderExpiredPage(contextOf(request)));
      return undefined;
    }
    if (details.prompt.name !== 'login') {
      request.log.warn({ prompt: details.prompt.name }, 'unexpected interaction prompt');
      await sendPage(reply, 400, renderSignInFailedPage(contextOf(request), request.id));
      return undefined;
    }
    return details;
  }

  app.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
    if (!(await interactionOf(request, reply))) return reply;
    return sendPage(reply, 200, renderSignInPage(contextOf(request), { uid: request.params.uid }));
  });

  app.post<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid/login`,
    {
      config: {
        rateLimit: {
          max: SIGN_IN_ATTEMPTS,
          timeWindow: SIGN_IN_WINDOW_MINUTES * 60 * 1000,
          // After parsing, so the key can hold the address being tried.
          hook: 'preHandler',
          keyGenerator: (request) =>
            `${request.ip}|${formOf(SignInFormSchema, request.body).email.trim().toLowerCase()}`,
        },
      },
      errorHandler: tooManyAttemptsPage(SIGN_IN_WINDOW_MINUTES),
    },
    async (request, reply) => {
      if (!(await interactionOf(request, reply))) return reply;
      const { email, password } = formOf(SignInFormSchema, request.body);
      const account = await signIn.verifyCredentials(email, password);
      if (!account) {
        return sendPage(
          reply,
          401,
          renderSignInPage(contextOf(request), { uid: request.params.uid, email, wrongCredentials: true }),
        );
      }
      const next = await providers.finishSignIn(request.storefront, request.raw, reply.raw, account);
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
        rateLimit: { max: REGISTRATIONS_PER_HOUR, timeWindow: REGISTRATION_WINDOW_MINUTES * 60 * 1000 },
      },
      errorHandler: tooManyAttemptsPage(REGISTRATION_WINDOW_MINUTES),
    },
    async (request, reply) => {
      if (!(await interactionOf(request, reply))) return reply;
      const form = formOf(RegisterFormSchema, request.body);
      const result = await signIn.register(form);
      if (!result.ok) {
        const { password: _password, ...values } = form;
        return sendPage(
          reply,
          400,
          renderRegisterPage(contextOf(request), {
            uid: request.params.uid,
            form: { values, errors: result.errors },
          }),
        );
      }
      request.log.info({ customerId: result.account.accountId }, 'account created');
      const next = await providers.finishSignIn(request.storefront, request.raw, reply.raw, result.account);
      return reply.redirect(next, 303);
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
