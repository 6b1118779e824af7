import { defineMailTemplate, greeting } from '../mail/mail-template';

/**
 * The double opt-in mail: only the confirmation, no advertising (issue 12). It is a mail of the
 * newsletter list, so it carries the subscriber's one-click unsubscribe address in its List-Unsubscribe
 * headers as well as in its text (RFC 8058, decision 119).
 */
export const newsletterConfirmationMail = defineMailTemplate<{
  firstName: string;
  confirmUrl: string;
  unsubscribeUrl: string;
  hours: number;
}>({
  name: 'newsletter.confirm',
  compose: ({ firstName, confirmUrl, unsubscribeUrl, hours }, t, { vendor }) => ({
    subject: t('newsletterConfirm.subject', { vendor }),
    blocks: [
      greeting(t, firstName),
      { kind: 'paragraph', text: t('newsletterConfirm.intro', { vendor }) },
      { kind: 'action', label: t('newsletterConfirm.action'), url: confirmUrl },
      { kind: 'paragraph', text: t('newsletterConfirm.expiry', { hours }) },
      { kind: 'paragraph', text: t('newsletterConfirm.notYou') },
      { kind: 'link', label: t('newsletter.unsubscribe'), url: unsubscribeUrl },
    ],
    list: { url: unsubscribeUrl, oneClick: true },
  }),
});
