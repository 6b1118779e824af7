import { cleanLine, cleanLines } from '@photo/contracts/text';
import { escapeHtml } from '../platform/html';
import { shopUrlFor } from '../storefronts/storefront-config.service';
import type { ResolvedStorefront } from '../storefronts/storefronts';
import { listHeadersOf, type ListHeaders, type ListUnsubscribe } from './list-headers';
import { mailTranslatorFor, type MailTranslate } from './mail-messages';

/** What a mail says, in order: one list renders both the HTML and the text part. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** The one thing the mail asks the reader to do: a button, with its address spelled out beneath. */
  | { kind: 'action'; label: string; url: string }
  /** A further address on a line of its own (customer care, the shop). */
  | { kind: 'link'; label: string; url: string }
  /** Words a customer wrote (a personal message): a quotation with its line breaks kept. */
  | { kind: 'quote'; text: string }
  /** Lines of label and value (an order's products and total); the last row can be the sum. */
  | { kind: 'table'; caption: string; rows: Array<{ label: string; value: string }>; totalRow?: boolean };

export interface MailContent {
  subject: string;
  blocks: MailBlock[];
  /** A mail of a list (the newsletter's): the List-Unsubscribe headers it carries. */
  list?: ListUnsubscribe;
}

/** Who sends the mail and where its links lead. */
export interface MailContext {
  /** The storefront's name: the sender's name and the mail's heading. */
  vendor: string;
  locale: string;
  /** The storefront's account area, e.g. `http://nl.localhost:8080`, for links back into it. */
  origin: string;
}

/**
 * A mail of the product: a function of typed parameters and a translator. The subject, the HTML part
 * and the text part all come from what it answers, so the two parts never tell different stories.
 */
export interface MailTemplate<Params> {
  /** Stable name, stored with each mail (what operators and tests look mails up by). */
  readonly name: string;
  compose(params: Params, t: MailTranslate, context: MailContext): MailContent;
}

export const defineMailTemplate = <Params>(template: MailTemplate<Params>): MailTemplate<Params> => template;

/** The opening line: by name when the name is the account owner's own, never one a stranger typed. */
export const greeting = (t: MailTranslate, name?: string): MailBlock => ({
  kind: 'paragraph',
  text: name ? t('layout.greeting', { name }) : t('layout.greetingWithoutName'),
});

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  senderName: string;
  listHeaders: ListHeaders;
}

// Control characters (a pasted name, a message from a form) would break the text part's lines or a
// header, and bidirectional overrides could make a name read as something else: every value is cleaned
// again here by the one rule (`@photo/contracts/text`), whatever was stored before it existed; line
// feeds stay only where a quotation keeps them.
const oneLine = (value: string) => cleanLine(value).replace(/\s+/g, ' ');

/** Only web addresses: a mail link is never `javascript:`, `data:` or relative. */
function webAddress(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`A mail links only to web addresses, not ${parsed.protocol}`);
  }
  return parsed.href;
}

const font = 'font-family:Arial,Helvetica,sans-serif;';
const paragraphStyle = `margin:0 0 16px;${font}font-size:16px;line-height:1.5;color:#1f2937;`;

function htmlBlock(block: MailBlock, t: MailTranslate): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="${paragraphStyle}">${escapeHtml(oneLine(block.text))}</p>`;
    case 'action': {
      const url = escapeHtml(webAddress(block.url));
      return `<p style="margin:24px 0 8px;"><a href="${url}" target="_blank" rel="noopener" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#0b5cad;color:#ffffff;${font}font-size:16px;font-weight:bold;text-decoration:none;">${escapeHtml(oneLine(block.label))}</a></p>
<p style="margin:0 0 24px;${font}font-size:13px;line-height:1.5;color:#4b5563;">${escapeHtml(t('layout.buttonFallback'))}<br><a href="${url}" target="_blank" rel="noopener" style="color:#0b5cad;word-break:break-all;">${url}</a></p>`;
    }
    case 'link':
      return `<p style="${paragraphStyle}"><a href="${escapeHtml(webAddress(block.url))}" target="_blank" rel="noopener" style="color:#0b5cad;">${escapeHtml(oneLine(block.label))}</a></p>`;
    case 'table': {
      const cell = `padding:6px 0;border-bottom:1px solid #e5e7eb;${font}font-size:15px;line-height:1.4;color:#1f2937;`;
      const rows = block.rows.map((row, index) => {
        const weight = block.totalRow && index === block.rows.length - 1 ? 'font-weight:bold;' : '';
        return `<tr><td style="${cell}${weight}">${escapeHtml(oneLine(row.label))}</td><td align="right" style="${cell}${weight}padding-left:16px;white-space:nowrap;">${escapeHtml(oneLine(row.value))}</td></tr>`;
      });
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse;">
<caption style="text-align:left;padding:0 0 8px;${font}font-size:16px;font-weight:bold;color:#111827;">${escapeHtml(oneLine(block.caption))}</caption>
${rows.join('\n')}
</table>`;
    }
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:4px solid #9ca3af;${font}font-size:16px;line-height:1.5;color:#1f2937;">${escapeHtml(
        cleanLines(block.text),
      ).replace(/\n/g, '<br>')}</blockquote>`;
  }
}

function textBlock(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return oneLine(block.text);
    case 'table':
      return [
        oneLine(block.caption),
        ...block.rows.map((row) => `${oneLine(row.label)}: ${oneLine(row.value)}`),
      ].join('\n');
    case 'action':
    case 'link':
      return `${oneLine(block.label)}:\n${webAddress(block.url)}`;
    case 'quote':
      return cleanLines(block.text)
        .split('\n')
        .map((line) => `> ${line}`.trimEnd())
        .join('\n');
  }
}

/**
 * The mail as it is stored and sent. Every value is escaped, there is no image, no remote resource
 * and no script (nothing that tells us a mail was opened), and the footer names the storefront.
 */
export function renderMail<Params>(
  template: MailTemplate<Params>,
  params: Params,
  storefront: ResolvedStorefront,
  locale: string,
): RenderedMail {
  const t = mailTranslatorFor(locale);
  const vendor = storefront.storefront.vendor;
  const content = template.compose(params, t, { vendor, locale, origin: storefront.origin });
  const subject = oneLine(content.subject);
  const shop = shopUrlFor(storefront);
  const shopLabel = shop.replace(/^https?:\/\//, '');

  const html = `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 24px 0;">
<p style="margin:0 0 16px;${font}font-size:14px;font-weight:bold;color:#4b5563;">${escapeHtml(vendor)}</p>
<h1 style="margin:0 0 24px;${font}font-size:22px;line-height:1.3;color:#111827;">${escapeHtml(subject)}</h1>
</td></tr>
<tr><td style="padding:0 24px 8px;">
${content.blocks.map((block) => htmlBlock(block, t)).join('\n')}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;">
<tr><td style="padding:16px 24px;${font}font-size:13px;line-height:1.5;color:#4b5563;">
<p style="margin:0;">${escapeHtml(vendor)} · <a href="${escapeHtml(shop)}" target="_blank" rel="noopener" style="color:#4b5563;">${escapeHtml(shopLabel)}</a></p>
<p style="margin:8px 0 0;">${escapeHtml(t('layout.automatic'))}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  const text = [
    vendor,
    '',
    subject,
    '',
    content.blocks.map(textBlock).join('\n\n'),
    '',
    '-- ',
    `${vendor} · ${shop}`,
    t('layout.automatic'),
    '',
  ].join('\n');

  return { subject, html, text, senderName: vendor, listHeaders: listHeadersOf(content.list) };
}
