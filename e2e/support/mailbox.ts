import { request } from 'node:http';
import { expect } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
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

// Node does not resolve `*.localhost` as browsers do: ask the server on loopback and name the
// storefront in the Host header.
function mailboxJson(storefront: Storefront, to: string): Promise<{ mails: CapturedMail[] }> {
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        path: `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
        headers: { host: new URL(storefront.origin).host },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(JSON.parse(body) as { mails: CapturedMail[] })
            : reject(new Error(`mailbox answered ${response.statusCode}: ${body}`)),
        );
      },
    );
    call.on('error', reject);
    call.end();
  });
}

/**
 * Waits until the storefront has sent a mail of this template to the address (the outbox's job sends
 * it within moments) and answers the newest.
 */
export async function waitForMail(
  storefront: Storefront,
  { to, template }: { to: string; template: string },
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const { mails } = await mailboxJson(storefront, to);
        found = mails.find((mail) => mail.template === template && mail.state === 'sent');
        return found?.id;
      },
      { message: `a ${template} mail to ${to}`, timeout: 15_000 },
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
