import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createStorefrontResolver } from '../storefronts/storefronts';
import { accessibilityViolations } from '../testing/axe';
import { expectCompleteCatalogues } from '../testing/message-catalogues';
import { defineMailTemplate, greeting, renderMail } from './mail-template';

const resolver = createStorefrontResolver({ storefrontHosts: {}, publicPort: 8080, publicScheme: 'http' });
const netherlands = resolver.resolve('nl.localhost')!;
const belgium = resolver.resolve('be.localhost')!;

/** Shaped like the mails to come (a shared photo book): a customer's name and message in it. */
const sharedBookMail = defineMailTemplate<{ senderName: string; message: string; url: string }>({
  name: 'test.shared-book',
  compose: ({ senderName, message, url }, t) => ({
    subject: `${senderName} shared a photo book with you`,
    blocks: [
      greeting(t),
      { kind: 'paragraph', text: `${senderName} wrote:` },
      { kind: 'quote', text: message },
      { kind: 'action', label: 'Open the photo book', url },
      { kind: 'link', label: 'Customer care', url: 'https://www.photoshop.nl/customer-care' },
    ],
  }),
});

const friendly = {
  senderName: 'Ada',
  message: 'Hi',
  url: 'http://nl.localhost:8080/online-products/abc?x=1&y="2"',
};
const hostile = {
  senderName: 'Eve <img src=x onerror=alert(1)>\r\nBcc: everyone@example.com',
  message: 'Look at <b>this</b>!\r\n<script>alert("x")</script>\nBye\u202e',
  url: friendly.url,
};

const documentOf = (html: string) => new JSDOM(html).window.document;

describe('mail templates', () => {
  it('has the mail texts in every storefront language', async () => {
    await expectCompleteCatalogues(new URL('./messages/', import.meta.url), 'registrationConfirm.action');
  });

  it("writes subject, HTML and text from one definition, in the storefront's language, signed by the storefront", () => {
    const mail = renderMail(sharedBookMail, friendly, netherlands, 'nl-NL');
    expect(mail.subject).toBe('Ada shared a photo book with you');
    expect(mail.senderName).toBe('PhotoShop Nederland');
    expect(mail.html).toContain('<html lang="nl-NL">');
    expect(mail.html).toContain('<title>Ada shared a photo book with you</title>');
    expect(mail.html).toContain('Hallo,');
    expect(mail.text).toContain('Hallo,');
    // The footer names the storefront and links its shop, in both parts.
    expect(mail.html).toMatch(
      /PhotoShop Nederland · <a href="https:\/\/www\.photoshop\.nl"[^>]*>www\.photoshop\.nl<\/a>/,
    );
    expect(mail.text).toContain(
      '-- \nPhotoShop Nederland · https://www.photoshop.nl\nDeze e-mail is automatisch verstuurd.',
    );
    expect(mail.text).toContain(
      'Open the photo book:\nhttp://nl.localhost:8080/online-products/abc?x=1&y=%222%22',
    );

    const french = renderMail(sharedBookMail, friendly, belgium, 'fr-BE');
    expect(french.senderName).toBe('PhotoShop Belgium');
    expect(french.html).toContain('<html lang="fr-BE">');
    expect(french.text).toContain('Bonjour,');
  });

  it('escapes whatever a customer typed and keeps it out of the headers', () => {
    const mail = renderMail(sharedBookMail, hostile, netherlands, 'nl-NL');
    expect(mail.subject).toBe(
      'Eve <img src=x onerror=alert(1)> Bcc: everyone@example.com shared a photo book with you',
    );
    expect(documentOf(mail.html).querySelectorAll('img, script, b')).toHaveLength(0);
    expect(mail.html).toContain('Eve &lt;img src=x onerror=alert(1)&gt; Bcc: everyone@example.com wrote:');
    expect(mail.html).toContain(
      'Look at &lt;b&gt;this&lt;/b&gt;!<br>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>Bye</blockquote>',
    );
    expect(mail.html).toContain('href="http://nl.localhost:8080/online-products/abc?x=1&amp;y=%222%22"');
    // The quotation keeps its lines in the text part too; the bidirectional override is gone.
    expect(mail.text).toContain('> Look at <b>this</b>!\n> <script>alert("x")</script>\n> Bye\n');
    expect(mail.text).not.toContain('\u202e');
  });

  it('loads nothing and tracks nothing: no image, no script, no remote style, only web links', () => {
    const document = documentOf(renderMail(sharedBookMail, hostile, netherlands, 'nl-NL').html);
    const loaders = 'img, picture, script, link, style, iframe, object, embed, video, audio, source, form';
    expect(document.querySelectorAll(loaders)).toHaveLength(0);
    const elements = [...document.querySelectorAll('*')];
    for (const element of elements) {
      const attributes = element.getAttributeNames();
      expect(attributes.filter((name) => /^(src|srcset|background|on.*)$/.test(name))).toEqual([]);
      expect(element.getAttribute('style') ?? '').not.toMatch(/url\(|@import/);
    }
    const hrefs = [...document.querySelectorAll('a')].map((link) => link.getAttribute('href')!);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https?:\/\//);
  });

  it('refuses a link that is not a web address', () => {
    expect(() =>
      renderMail(sharedBookMail, { ...hostile, url: 'javascript:alert(1)' }, netherlands, 'nl-NL'),
    ).toThrow(/web addresses/);
  });

  it('carries the List-Unsubscribe headers a list mail declares, and none on any other mail', () => {
    const listMail = defineMailTemplate<{ unsubscribeUrl: string; oneClick: boolean }>({
      name: 'test.list-mail',
      compose: ({ unsubscribeUrl, oneClick }) => ({
        subject: 'News',
        blocks: [{ kind: 'paragraph', text: 'News' }],
        list: { url: unsubscribeUrl, oneClick },
      }),
    });
    const url = 'https://www.photoshop.nl/newsletter/unsubscribe/1.abc';
    expect(
      renderMail(listMail, { unsubscribeUrl: url, oneClick: true }, netherlands, 'nl-NL').listHeaders,
    ).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(
      renderMail(listMail, { unsubscribeUrl: url, oneClick: false }, netherlands, 'nl-NL').listHeaders,
    ).toEqual({
      'List-Unsubscribe': `<${url}>`,
    });
    // A line break or an angle bracket cannot end the header or its <...>: the address is normalised.
    expect(
      renderMail(
        listMail,
        { unsubscribeUrl: `${url}>\r\nBcc: x@example.com`, oneClick: true },
        netherlands,
        'nl-NL',
      ).listHeaders['List-Unsubscribe'],
    ).toBe(`<${url}%3EBcc:%20x@example.com>`);
    expect(() =>
      renderMail(listMail, { unsubscribeUrl: 'mailto:x@example.com', oneClick: true }, netherlands, 'nl-NL'),
    ).toThrow(/web address/);
    expect(renderMail(sharedBookMail, friendly, netherlands, 'nl-NL').listHeaders).toEqual({});
  });

  it('passes axe-core', async () => {
    // WCAG rules only: a mail client's page around the mail has the landmarks.
    const { html } = renderMail(sharedBookMail, hostile, netherlands, 'nl-NL');
    expect(await accessibilityViolations(html, { wcagOnly: true })).toEqual([]);
  });
});
