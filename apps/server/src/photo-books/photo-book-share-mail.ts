import { defineMailTemplate, greeting, type MailBlock } from '../mail/mail-template';

/**
 * The mail that shows someone an online photo book. Sender name and message are what a customer typed
 * for a stranger: the template renders them as text only (escaped in the HTML part, control
 * characters removed), and the recipient is greeted without a name.
 */
export const photoBookShareMail = defineMailTemplate<{
  fromName: string;
  title: string;
  personalMessage: string;
  viewerUrl: string;
}>({
  name: 'widgets.share',
  compose: ({ fromName, title, personalMessage, viewerUrl }, t, { vendor }) => ({
    subject: t('photoBookShare.subject', { fromName }),
    blocks: [
      greeting(t),
      { kind: 'paragraph', text: t('photoBookShare.intro', { fromName, title, vendor }) },
      ...(personalMessage
        ? ([
            { kind: 'paragraph', text: t('photoBookShare.message', { fromName }) },
            { kind: 'quote', text: personalMessage },
          ] satisfies MailBlock[])
        : []),
      { kind: 'action', label: t('photoBookShare.action'), url: viewerUrl },
      { kind: 'paragraph', text: t('photoBookShare.validity', { fromName }) },
    ],
  }),
});
