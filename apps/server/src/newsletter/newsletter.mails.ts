import { defineMailTemplate, greeting } from '../mail/mail-template';

/** The double opt-in mail: only the confirmation, no advertising (issue 12). */
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
  }),
});
