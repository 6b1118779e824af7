import { expect } from '@playwright/test';
import { callServer } from './loopback';
import type { Storefront } from './storefronts';

/** A mail as the local mailbox of the running shop answers it (`/dev/mailbox.json`). */
export interface CapturedMail {
  id: string;
  to: string;
  from: string;
  subject: string;
  template: string;
  locale: string;
  state: 'queued' | 'sent' | 'failed';
  text: string;
  links: string[];
}

async function mailboxJson(storefront: Storefront, to: string): Promise<{ mails: CapturedMail[] }> {
  const answer = await callServer({
    path: `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
    host: new URL(storefront.origin).host,
  });
  if (answer.status !== 200) throw new Error(`mailbox answered ${answer.status}: ${answer.body}`);
  return JSON.parse(answer.body) as { mails: CapturedMail[] };
}

/**
 * Waits until the storefront has sent a mail of this template to the address (the outbox's job sends
 * it within moments) and answers the newest; with a subject, the newest with that subject, so a mail
 * about another order of the same customer is never taken for it.
 */
export async function waitForMail(
  storefront: Storefront,
  { to, template, subject }: { to: string; template: string; subject?: string },
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const { mails } = await mailboxJson(storefront, to);
        found = mails.find(
          (mail) =>
            mail.template === template &&
            mail.state === 'sent' &&
            (subject === undefined || mail.subject === subject),
        );
        return found?.id;
      },
      { message: `a ${template} mail to ${to}${subject ? ` about "${subject}"` : ''}`, timeout: 15_000 },
    )
    .toBeDefined();
  return found!;
}

/** The one link of a mail to an address of the shop below this path. */
export function linkIn(mail: CapturedMail, pathPrefix: string): string {
  const links = mail.links.filter((link) => new URL(link).pathname.startsWith(pathPrefix));
  expect(links, `links to ${pathPrefix} in "${mail.subject}"`).toHaveLength(1);
  return links[0]!;
}
