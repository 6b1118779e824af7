import { defineMailTemplate, greeting } from '../mail/mail-template';

/** To the new address: the link that makes it the sign-in address. */
export const emailChangeConfirmationMail = defineMailTemplate<{
  firstName: string;
  confirmUrl: string;
  hours: number;
}>({
  name: 'identity.email-change.confirm',
  compose: ({ firstName, confirmUrl, hours }, t, { vendor }) => ({
    subject: t('emailChangeConfirm.subject', { vendor }),
    blocks: [
      greeting(t, firstName),
      { kind: 'paragraph', text: t('emailChangeConfirm.intro', { vendor }) },
      { kind: 'action', label: t('emailChangeConfirm.action'), url: confirmUrl },
      { kind: 'paragraph', text: t('emailChangeConfirm.expiry', { hours }) },
      { kind: 'paragraph', text: t('emailChangeConfirm.notYou') },
    ],
  }),
});

/** To the old address, once the change is confirmed. */
export const emailChangedNoticeMail = defineMailTemplate<{
  firstName: string;
  newEmail: string;
  customerCareUrl: string;
}>({
  name: 'identity.email-change.notice',
  compose: ({ firstName, newEmail, customerCareUrl }, t, { vendor }) => ({
    subject: t('emailChangedNotice.subject', { vendor }),
    blocks: [
      greeting(t, firstName),
      { kind: 'paragraph', text: t('emailChangedNotice.intro', { vendor, newEmail }) },
      { kind: 'paragraph', text: t('emailChangedNotice.notYou') },
      { kind: 'link', label: t('emailChangedNotice.customerCare'), url: customerCareUrl },
    ],
  }),
});

/** To the account's address: the link that deletes the account. */
export const accountDeletionConfirmationMail = defineMailTemplate<{
  firstName: string;
  confirmUrl: string;
  hours: number;
}>({
  name: 'identity.account-deletion.confirm',
  compose: ({ firstName, confirmUrl, hours }, t, { vendor }) => ({
    subject: t('accountDeletionConfirm.subject', { vendor }),
    blocks: [
      greeting(t, firstName),
      { kind: 'paragraph', text: t('accountDeletionConfirm.intro', { vendor }) },
      { kind: 'paragraph', text: t('accountDeletionConfirm.what') },
      { kind: 'action', label: t('accountDeletionConfirm.action'), url: confirmUrl },
      { kind: 'paragraph', text: t('accountDeletionConfirm.expiry', { hours }) },
      { kind: 'paragraph', text: t('accountDeletionConfirm.notYou') },
    ],
  }),
});
