import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** `smtp://user:pass@127.0.0.1:port`, for SMTP_URL. */
  url: string;
  /** Every mail accepted, parsed as a mail client would. */
  received: ParsedMail[];
  /** Refuses the next `count` recipients with this reply code (4xx: try later, 5xx: never). */
  refuse(count: number, code: number): void;
  /** Every try so far, accepted or not. */
  attempts(): number;
  close(): Promise<void>;
}

const USER = 'shop';
const PASSWORD = 'relay-secret';

/** A real SMTP server (the `smtp-server` library) on a free loopback port, demanding a login. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let refusals = 0;
  let refusalCode = 451;
  let tries = 0;

  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      tries += 1;
      if (refusals > 0) {
        refusals -= 1;
        const error = Object.assign(
          new Error(refusalCode >= 500 ? 'Mailbox unavailable' : 'Try again later'),
          { responseCode: refusalCode },
        );
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    received,
    refuse(count, code) {
      refusals = count;
      refusalCode = code;
    },
    attempts: () => tries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
