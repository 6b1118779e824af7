import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../platform/database';
import type { FeatureModule } from '../platform/feature-module';
import { createMailJobHandlers } from './mail-outbox.service';
import { captureTransport, createSmtpTransport } from './mail-transport';
import { registerMailboxRoutes } from './mailbox.routes';

/** The one outbox's sending (decision 025): SMTP, or capture and the local mailbox page. */
export function createMailModule(deps: {
  config: Pick<AppConfig, 'mail'>;
  db: Database;
  logger: FastifyBaseLogger;
}) {
  const { db } = deps;
  const config = deps.config.mail;
  // Without a relay, mails stay in the outbox and the local mailbox shows them.
  const transport = config.smtpUrl
    ? createSmtpTransport({ url: config.smtpUrl, fromAddress: config.fromAddress })
    : captureTransport;
  return {
    routes: async ({ app }) => {
      if (config.mailboxEnabled) await registerMailboxRoutes(app, { db });
    },
    jobs: [{ handlers: createMailJobHandlers({ db, transport, logger: deps.logger }) }],
    close: () => transport.close(),
  } satisfies FeatureModule;
}
