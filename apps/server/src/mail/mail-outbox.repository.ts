import type { Queryable } from '../platform/database';
import { column, isoTimestamp, nullable, rowMapper, type RowOf } from '../platform/rows';
import type { ListHeaders } from './list-headers';

export type MailState = 'queued' | 'sent' | 'failed';
export type MailTransportKind = 'capture' | 'smtp';

export interface NewMailRecord {
  id: string;
  template: string;
  recipient: string;
  senderName: string;
  storefrontId: string;
  locale: string;
  subject: string;
  html: string;
  text: string;
  listHeaders: ListHeaders;
}

export interface MailRecord extends Omit<NewMailRecord, 'html' | 'text' | 'listHeaders'> {
  /** Null once an SMTP relay accepted the mail. */
  html: string | null;
  text: string | null;
  /** Empty once an SMTP relay accepted the mail, like the body. */
  listHeaders: ListHeaders;
  state: MailState;
  transport: MailTransportKind | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

const mailColumns = {
  id: column<string>,
  template: column<string>,
  recipient: column<string>,
  sender_name: column<string>,
  storefront_id: column<string>,
  locale: column<string>,
  subject: column<string>,
  html: column<string | null>,
  text: column<string | null>,
  list_headers: column<ListHeaders>,
  state: column<MailState>,
  transport: column<MailTransportKind | null>,
  attempts: column<number>,
  last_error: column<string | null>,
  created_at: isoTimestamp,
  sent_at: nullable(isoTimestamp),
};
type MailRow = RowOf<typeof mailColumns>;
const toRecord: (row: MailRow) => MailRecord = rowMapper(mailColumns);

export function createMailOutboxRepository(db: Queryable) {
  return {
    async insert(mail: NewMailRecord): Promise<void> {
      await db.query(
        `INSERT INTO mail_outbox (id, template, recipient, sender_name, storefront_id, locale, subject, html, text,
           list_headers)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)`,
        [
          mail.id,
          mail.template,
          mail.recipient,
          mail.senderName,
          mail.storefrontId,
          mail.locale,
          mail.subject,
          mail.html,
          mail.text,
          JSON.stringify(mail.listHeaders),
        ],
      );
    },

    async find(id: string): Promise<MailRecord | undefined> {
      const { rows } = await db.query<MailRow>('SELECT * FROM mail_outbox WHERE id = $1', [id]);
      return rows[0] && toRecord(rows[0]);
    },

    /** The relay took it; an SMTP relay's copy is the only one kept of the body and its list headers. */
    async markSent(id: string, transport: MailTransportKind): Promise<void> {
      await db.query(
        `UPDATE mail_outbox SET state = 'sent', transport = $2, attempts = attempts + 1, last_error = NULL,
           sent_at = now(),
           html = CASE WHEN $2 = 'smtp' THEN NULL ELSE html END,
           text = CASE WHEN $2 = 'smtp' THEN NULL ELSE text END,
           list_headers = CASE WHEN $2 = 'smtp' THEN '{}'::jsonb ELSE list_headers END
         WHERE id = $1`,
        [id, transport],
      );
    },

    /** A try that failed; `final` when no further try will come. */
    async recordFailure(id: string, error: string, final: boolean): Promise<void> {
      await db.query(
        `UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2,
           state = CASE WHEN $3 THEN 'failed' ELSE state END
         WHERE id = $1`,
        [id, error, final],
      );
    },

    /** How many mails of these kinds went to an address lately (to cap what one form can send). */
    async countRecent(
      recipient: string,
      templates: readonly string[],
      withinSeconds: number,
    ): Promise<number> {
      const { rows } = await db.query<{ count: number }>(
        `SELECT count(*)::integer AS count FROM mail_outbox
         WHERE lower(recipient) = lower($1) AND template = ANY($2)
           AND created_at > now() - make_interval(secs => $3)`,
        [recipient, templates, withinSeconds],
      );
      return rows[0]!.count;
    },

    /** The local mailbox: a storefront's mails, newest first. */
    async listForStorefront(
      storefrontId: string,
      filter: { recipient?: string; limit: number },
    ): Promise<MailRecord[]> {
      const { rows } = await db.query<MailRow>(
        `SELECT * FROM mail_outbox
         WHERE storefront_id = $1 AND ($2::text IS NULL OR lower(recipient) = lower($2))
         ORDER BY created_at DESC, id DESC LIMIT $3`,
        [storefrontId, filter.recipient ?? null, filter.limit],
      );
      return rows.map(toRecord);
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
