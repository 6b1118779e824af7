import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, Queryable } from '../platform/database';
import { enqueueJob, PermanentJobError, type JobHandler } from '../platform/job-queue';
import { uuidv7 } from '../platform/uuid';
import type { ResolvedStorefront } from '../storefronts/storefronts';
import { createMailOutboxRepository } from './mail-outbox.repository';
import { renderMail, type MailTemplate } from './mail-template';
import { PermanentMailError, type MailTransport } from './mail-transport';

export const MAIL_SEND_JOB = 'mail.send';
/** Retried after 2 s, 4 s … then every 5 minutes: about 25 minutes of an unreachable relay before a mail fails. */
export const MAIL_MAX_ATTEMPTS = 12;

export interface MailToSend<Params> {
  template: MailTemplate<Params>;
  params: Params;
  to: string;
  /** The storefront that sends it: its name is the sender's, its address the links'. */
  storefront: ResolvedStorefront;
  /** One of the storefront's locales (Belgium: nl-BE or fr-BE), as the customer chose it. */
  locale: string;
}

/**
 * Writes a mail into the outbox inside the caller's transaction, with the job that sends it: the mail
 * exists exactly when the change that causes it does, and a rolled-back change sends nothing.
 */
export async function enqueueMail<Params>(tx: Queryable, mail: MailToSend<Params>): Promise<string> {
  const rendered = renderMail(mail.template, mail.params, mail.storefront, mail.locale);
  const id = uuidv7();
  await createMailOutboxRepository(tx).insert({
    id,
    template: mail.template.name,
    recipient: mail.to,
    senderName: rendered.senderName,
    storefrontId: mail.storefront.storefront.id,
    locale: mail.locale,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    listHeaders: rendered.listHeaders,
  });
  await enqueueJob(tx, MAIL_SEND_JOB, { mailId: id }, { maxAttempts: MAIL_MAX_ATTEMPTS });
  return id;
}

/** How many mails of these templates went to an address lately, to cap what one form can send there. */
export const countRecentMails = (
  db: Queryable,
  recipient: string,
  templates: ReadonlyArray<MailTemplate<never>>,
  withinSeconds: number,
) =>
  createMailOutboxRepository(db).countRecent(
    recipient,
    templates.map((template) => template.name),
    withinSeconds,
  );

const MailJobSchema = z.object({ mailId: z.uuid() });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The job that hands an outbox mail to the transport; the outbox row shows every try. */
export function createMailJobHandlers(deps: {
  db: Database;
  transport: MailTransport;
  logger: FastifyBaseLogger;
}): Record<string, JobHandler> {
  const outbox = createMailOutboxRepository(deps.db);
  return {
    [MAIL_SEND_JOB]: async (job) => {
      const payload = MailJobSchema.safeParse(job.payload);
      if (!payload.success) throw new PermanentJobError('mail job without a mail id');
      const mail = await outbox.find(payload.data.mailId);
      // Sent already (the job ran again after a crash), or nothing left to send.
      if (!mail || mail.state !== 'queued' || mail.html === null || mail.text === null) return;
      try {
        await deps.transport.send({
          id: mail.id,
          to: mail.recipient,
          senderName: mail.senderName,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          listHeaders: mail.listHeaders,
        });
      } catch (error) {
        const permanent = error instanceof PermanentMailError;
        await outbox.recordFailure(mail.id, messageOf(error), permanent || job.attempts >= job.maxAttempts);
        throw permanent ? new PermanentJobError(messageOf(error)) : error;
      }
      await outbox.markSent(mail.id, deps.transport.kind);
      deps.logger.info(
        { mailId: mail.id, template: mail.template },
        deps.transport.kind === 'capture' ? 'mail captured (see /dev/mailbox)' : 'mail sent',
      );
    },
  };
}
