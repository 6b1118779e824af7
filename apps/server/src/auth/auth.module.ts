import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { CustomersRepository } from '../customers/customers.repository';
import type { Authenticate } from '../platform/caller';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import type { BackgroundWork } from '../platform/job-queue';
import type { RateWindows } from '../platform/rate-windows';
import type { StorefrontResolver } from '../storefronts/storefronts';
import { createAccessTokenVerifier } from './access-tokens.service';
import { authCookiesFor } from './auth-cookies';
import type { AuthSecretsRepository } from './auth-secrets.repository';
import { loadAuthSecrets } from './auth-secrets.service';
import {
  createAuthenticator,
  type AuthenticateUpgrade,
  type VerifyAccessToken,
} from './authenticate.service';
import { registerBffRoutes } from './bff.routes';
import { createBffService } from './bff.service';
import { registerIdentityProviderRoutes } from './identity-provider.routes';
import { createIdentityProviders } from './identity-provider.service';
import { createLoginRequestsRepository } from './login-requests.repository';
import { createOidcPayloadsRepository } from './oidc-payloads.repository';
import { createInProcessFetch, createRelyingParty } from './relying-party.service';
import { createSessionsRepository } from './sessions.repository';
import { createRegistrationService } from './registration.service';
import { createRegistrationsRepository } from './registrations.repository';
import { createSessionsService } from './sessions.service';
import { createSignInService } from './sign-in.service';
import { createTokenCipher } from './token-cipher';

export interface AuthDependencies {
  /** The server itself: the backend-for-frontend reaches the providers through `app.inject`. */
  app: FastifyInstance;
  config: AppConfig;
  db: Database;
  secrets: AuthSecretsRepository;
  storefronts: StorefrontResolver;
  customers: CustomersRepository;
  rateWindows: RateWindows;
}

export interface AuthModule extends FeatureModule {
  /** For API routes: a bearer token, or the session cookie (with CSRF checks) that holds one. */
  authenticate: Authenticate;
  /** For the push channel's WebSocket upgrade: the session cookie, from this storefront's pages only. */
  authenticateUpgrade: AuthenticateUpgrade;
  /** For a token sent over an open channel (the push channel's authenticate action). */
  verifyAccessToken: VerifyAccessToken;
  /** Removes expired sign-in records on a schedule. */
  jobs: BackgroundWork[];
}

const HOUSEKEEPING_JOB = 'auth.housekeeping';
const HOUSEKEEPING_EVERY_SECONDS = 10 * 60;

/**
 * Sign-in for the whole system: the embedded OpenID Providers (one issuer per storefront), their
 * sign-in pages, the backend-for-frontend that holds the tokens, and the check every API call passes.
 */
export async function createAuthModule(deps: AuthDependencies): Promise<AuthModule> {
  const { app } = deps;
  const secrets = await loadAuthSecrets(deps.secrets);
  const cipher = createTokenCipher(secrets.tokenKey);
  const cookies = authCookiesFor(deps.config.publicScheme);
  const payloads = createOidcPayloadsRepository(deps.db);
  const loginRequests = createLoginRequestsRepository(deps.db);
  const sessionsRepository = createSessionsRepository(deps.db);
  const verifier = createAccessTokenVerifier(secrets.verificationKeys);
  const registrations = createRegistrationsRepository(deps.db);

  const providers = createIdentityProviders({ secrets, payloads, customers: deps.customers, log: app.log });
  const signIn = createSignInService(deps.customers, registrations, {
    failures: deps.rateWindows,
    failuresPerNetwork: deps.config.limits.signInFailuresPerNetwork,
  });
  const registration = createRegistrationService(deps.db);
  const bff = createBffService({
    relyingParty: createRelyingParty({
      clientSecret: secrets.clientSecret,
      fetch: createInProcessFetch(app, deps.storefronts),
    }),
    loginRequests,
    sessions: createSessionsService(sessionsRepository, cipher),
    cipher,
    verifier,
    log: app.log,
  });

  return {
    ...createAuthenticator({ verifier, bff, cookies }),
    routes: async (targets) => {
      await registerIdentityProviderRoutes(targets.app, {
        providers,
        signIn,
        registration,
        registrationsPerHour: deps.config.limits.registrationsPerHour,
      });
      registerBffRoutes(targets.app, { bff, cookies });
    },
    jobs: [
      {
        // Expired records are skipped when read; this only keeps the tables small.
        handlers: {
          [HOUSEKEEPING_JOB]: async () => {
            await Promise.all([
              payloads.deleteExpired(),
              loginRequests.deleteExpired(),
              sessionsRepository.deleteExpired(),
              registrations.deleteExpired(),
              // The rate windows too, which sign-in shares with uploads.
              deps.rateWindows.deleteExpired(),
            ]);
          },
        },
        schedules: [
          { name: HOUSEKEEPING_JOB, kind: HOUSEKEEPING_JOB, everySeconds: HOUSEKEEPING_EVERY_SECONDS },
        ],
      },
    ],
  };
}
