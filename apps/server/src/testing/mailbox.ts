import type { MailboxEntry } from '../mail/mailbox.routes';
import type { TestApp } from './test-app';

/**
 * The mails a storefront sent to an address, newest first, read from the local mailbox as a developer
 * would (`/dev/mailbox.json`), once the outbox's jobs have run.
 */
export async function mailsTo(t: TestApp, to: string, host = 'nl.localhost:8080'): Promise<MailboxEntry[]> {
  await t.app.jobs.drain();
  const response = await t.app.inject({
    url: `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
    headers: { host },
  });
  if (response.statusCode !== 200) throw new Error(`mailbox answered ${response.statusCode}`);
  return response.json<{ mails: MailboxEntry[] }>().mails;
}

/** The one link of a mail that leads to this path, as a path and query the test browser can open. */
export function linkTo(mail: MailboxEntry, pathPrefix: string): string {
  const matches = mail.links
    .map((link) => new URL(link))
    .filter((url) => url.pathname.startsWith(pathPrefix));
  if (matches.length !== 1) throw new Error(`expected one link to ${pathPrefix} in "${mail.subject}"`);
  return `${matches[0]!.pathname}${matches[0]!.search}`;
}
