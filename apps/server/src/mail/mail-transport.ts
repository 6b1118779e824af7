import { createTransport } from 'nodemailer';
import type { ListHeaders } from './list-headers';
import type { MailTransportKind } from './mail-outbox.repository';

export interface OutgoingMessage {
  id: string;
  to: string;
  senderName: string;
  subject: string;
  html: string;
  text: string;
  /** List-Unsubscribe and List-Unsubscribe-Post of a list's mail; empty for every other mail. */
  listHeaders: ListHeaders;
}

/** Where the outbox's job hands a mail: an SMTP relay, or nowhere (the outbox row is the captured copy). */
export interface MailTransport {
  readonly kind: MailTransportKind;
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** A refusal that retrying cannot cure: the relay said 5xx to this recipient or this message. */
export class PermanentMailError extends Error {}

/** The embedded default: nothing leaves the machine; the local mailbox shows what would have. */
export const captureTransport: MailTransport = {
  kind: 'capture',
  send: async () => undefined,
  close: () => undefined,
};

// A relay that hangs must give up within a minute, so the mail job fails and is retried instead of hanging.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

interface SmtpError {
  code?: string;
  responseCode?: number;
}

/**
 * Sends by SMTP (`smtp://user:pass@host:port`, or `smtps://` for TLS from the start). The message id
 * is the outbox id, so a mail sent again after a crash between sending and recording can be
 * recognised as the same one.
 */
export function createSmtpTransport(options: { url: string; fromAddress: string }): MailTransport {
  const transporter = createTransport({ url: options.url, ...SMTP_TIMEOUTS });
  const domain = options.fromAddress.split('@')[1];
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail({
          from: { name: message.senderName, address: options.fromAddress },
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: `<${message.id}@${domain}>`,
          // RFC 3834: automatic mail; out-of-office replies and the like are not sent back to it.
          headers: { ...message.listHeaders, 'Auto-Submitted': 'auto-generated' },
        });
      } catch (error) {
        const { code, responseCode } = error as SmtpError;
        // A refused recipient or message stays refused; a refused login, a full queue (4xx) or a relay
        // that is down may pass on a later try.
        const refused = code === 'EENVELOPE' || code === 'EMESSAGE';
        if (refused && responseCode !== undefined && responseCode >= 500 && responseCode < 600) {
          throw new PermanentMailError((error as Error).message, { cause: error });
        }
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}
