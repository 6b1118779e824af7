import { escapeHtml } from '../platform/html';
import { listHeaderNames } from './list-headers';
import type { MailRecord } from './mail-outbox.repository';

export const MAILBOX_PATH = '/dev/mailbox';
export const MAILBOX_STYLESHEET = `${MAILBOX_PATH}/assets/mailbox.css`;
export const mailPath = (id: string) => `${MAILBOX_PATH}/${id}`;
export const mailHtmlPath = (id: string) => `${mailPath(id)}/html`;

/** Every web address in a mail's text part, in order, once each: what a reader of the mail can open. */
export function linksOf(text: string | null): string[] {
  return [...new Set(text?.match(/https?:\/\/[^\s<>"]+/g) ?? [])];
}

const stateLabels: Record<MailRecord['state'], string> = {
  queued: 'Queued',
  sent: 'Captured',
  failed: 'Failed',
};

const stateOf = (mail: MailRecord) =>
  mail.state === 'sent' && mail.transport === 'smtp' ? 'Sent by SMTP' : stateLabels[mail.state];

const when = (iso: string) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time>`;

// A developer's tool, not a customer's page: English only. No inline script or style (the shop's
// content security policy applies here too).
function layout(vendor: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | Mailbox of ${escapeHtml(vendor)}</title>
<link rel="stylesheet" href="${MAILBOX_STYLESHEET}">
</head>
<body>
<header class="banner"><p>Mailbox of ${escapeHtml(vendor)}: mails captured on this machine, never sent</p></header>
<main>
${body}
</main>
</body>
</html>`;
}

export function renderMailboxPage(options: {
  vendor: string;
  hostname: string;
  mails: MailRecord[];
}): string {
  const { vendor, hostname, mails } = options;
  const list =
    mails.length === 0
      ? '<p>No mails yet. Mails this storefront sends (a confirmation link, for example) appear here.</p>'
      : `<ol class="mails">
${mails
  .map(
    (mail) => `<li>
<a href="${mailPath(mail.id)}">${escapeHtml(mail.subject)}</a>
<p class="meta">To ${escapeHtml(mail.recipient)} · ${when(mail.createdAt)} · <span class="state state-${mail.state}">${escapeHtml(stateOf(mail))}</span></p>
</li>`,
  )
  .join('\n')}
</ol>`;
  return layout(
    vendor,
    'Mailbox',
    `<h1>Mailbox</h1>
<p>The mails of ${escapeHtml(hostname)}, newest first. No SMTP server is configured (<code>SMTP_URL</code>), so mails are kept here instead of being sent.</p>
${list}`,
  );
}

export function renderMailPage(options: { vendor: string; mail: MailRecord }): string {
  const { vendor, mail } = options;
  const links = linksOf(mail.text);
  const listHeaders = listHeaderNames
    .filter((name) => mail.listHeaders[name] !== undefined)
    .map((name) => `<dt>${name}</dt><dd>${escapeHtml(mail.listHeaders[name]!)}</dd>\n`)
    .join('');
  const error = mail.lastError
    ? `<dt>Last error</dt><dd class="error">${escapeHtml(mail.lastError)}</dd>\n`
    : '';
  const content =
    mail.html === null
      ? '<p>The content of a mail sent by SMTP is not kept.</p>'
      : `<h2>HTML part</h2>
<iframe class="mail-html" title="HTML part of the mail" src="${mailHtmlPath(mail.id)}" sandbox="allow-popups allow-popups-to-escape-sandbox"></iframe>
<h2>Links in this mail</h2>
${
  links.length === 0
    ? '<p>None.</p>'
    : `<ul class="links">\n${links.map((url) => `<li><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></li>`).join('\n')}\n</ul>`
}
<h2>Text part</h2>
<pre class="mail-text">${escapeHtml(mail.text ?? '')}</pre>`;
  return layout(
    vendor,
    mail.subject,
    `<p><a href="${MAILBOX_PATH}">All mails</a></p>
<h1>${escapeHtml(mail.subject)}</h1>
<dl class="headers">
<dt>From</dt><dd>${escapeHtml(mail.senderName)}</dd>
<dt>To</dt><dd>${escapeHtml(mail.recipient)}</dd>
<dt>Written</dt><dd>${when(mail.createdAt)}</dd>
<dt>Status</dt><dd>${escapeHtml(stateOf(mail))}, ${mail.attempts} ${mail.attempts === 1 ? 'try' : 'tries'}</dd>
${error}<dt>Template</dt><dd>${escapeHtml(mail.template)}</dd>
<dt>Language</dt><dd>${escapeHtml(mail.locale)}</dd>
${listHeaders}</dl>
${content}`,
  );
}
