import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../platform/database';
import { invalid } from '../platform/errors';
import { createMailOutboxRepository, type MailRecord } from './mail-outbox.repository';
import {
  linksOf,
  MAILBOX_PATH,
  MAILBOX_STYLESHEET,
  mailHtmlPath,
  mailPath,
  renderMailboxPage,
  renderMailPage,
} from './mailbox.pages';

const LIST_LIMIT = 200;
const loopbackAddresses = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The mail's own HTML, framed by the mail page: no script, no request anywhere (a mail has no
 * business loading anything), and a sandbox that gives the document an origin of its own.
 */
const MAIL_HTML_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-popups allow-popups-to-escape-sandbox',
].join('; ');

const MailboxQuerySchema = z.object({ to: z.string().trim().min(1).max(254).optional() });

/**
 * Only a browser on this very machine, at a local storefront address (`nl.localhost`, not a real host
 * name), sees the mailbox: a shop deployed without SMTP and reached from elsewhere shows nothing.
 */
function isLocalRequest(request: FastifyRequest): boolean {
  const { hostname } = request.storefront;
  const localName =
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '127.0.0.1' ||
    hostname === '[::1]';
  return localName && loopbackAddresses.has(request.ip);
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** One mail of `/dev/mailbox.json`. */
export type MailboxEntry = ReturnType<typeof toJson>;

function toJson(mail: MailRecord) {
  return {
    id: mail.id,
    to: mail.recipient,
    from: mail.senderName,
    subject: mail.subject,
    template: mail.template,
    locale: mail.locale,
    state: mail.state,
    attempts: mail.attempts,
    lastError: mail.lastError,
    createdAt: mail.createdAt,
    sentAt: mail.sentAt,
    text: mail.text,
    html: mail.html,
    listHeaders: mail.listHeaders,
    links: linksOf(mail.text),
  };
}

/**
 * The local mailbox of the embedded default (`/dev/mailbox`): the captured mails of the storefront the
 * browser is on, so whoever runs `npm start` can open a confirmation link, and tests can read mails
 * (`/dev/mailbox.json?to=…`). Registered only when no SMTP relay is configured.
 */
export async function registerMailboxRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  const stylesheet = await readFile(new URL('assets/mailbox.css', import.meta.url), 'utf8');
  const outbox = createMailOutboxRepository(deps.db);

  const findMail = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const { id } = request.params;
    if (!uuidPattern.test(id)) return undefined;
    const mail = await outbox.find(id);
    // Another storefront's mail is not in this storefront's mailbox.
    return mail?.storefrontId === request.storefront.storefront.id ? mail : undefined;
  };

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      if (!isLocalRequest(request)) {
        request.log.warn({ ip: request.ip }, 'mailbox refused: not a local request');
        return reply.callNotFound();
      }
      return undefined;
    });

    scope.get(MAILBOX_STYLESHEET, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(stylesheet),
    );

    scope.get(MAILBOX_PATH, async (request, reply) => {
      const mails = await outbox.listForStorefront(request.storefront.storefront.id, { limit: LIST_LIMIT });
      return noStore(reply)
        .type('text/html; charset=utf-8')
        .send(
          renderMailboxPage({
            vendor: request.storefront.storefront.vendor,
            hostname: request.storefront.hostname,
            mails,
          }),
        );
    });

    scope.get(`${MAILBOX_PATH}.json`, async (request, reply) => {
      const query = MailboxQuerySchema.safeParse(request.query);
      if (!query.success) throw invalid('to', 'to must be an e-mail address');
      const mails = await outbox.listForStorefront(request.storefront.storefront.id, {
        recipient: query.data.to,
        limit: LIST_LIMIT,
      });
      return noStore(reply).send({ mails: mails.map(toJson) });
    });

    scope.get<{ Params: { id: string } }>(mailPath(':id'), async (request, reply) => {
      const mail = await findMail(request);
      if (!mail) return reply.callNotFound();
      return noStore(reply)
        .type('text/html; charset=utf-8')
        .send(renderMailPage({ vendor: request.storefront.storefront.vendor, mail }));
    });

    scope.get<{ Params: { id: string } }>(mailHtmlPath(':id'), async (request, reply) => {
      const mail = await findMail(request);
      if (!mail?.html) return reply.callNotFound();
      return noStore(reply)
        .header('content-security-policy', MAIL_HTML_POLICY)
        .header('x-frame-options', 'SAMEORIGIN')
        .type('text/html; charset=utf-8')
        .send(mail.html);
    });
  });
}
