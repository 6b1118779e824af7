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

/**
 * To an address another account already uses, instead of a link: its owner learns of the attempt,
 * while whoever asked sees the same answer as for a free address (decision 118). No link, and nothing
 * the asker typed, so the form cannot be used to mail a stranger words of one's choosing.
 */
export const emailChangeExistingAccountMail = defineMailTemplate<{
  firstName: string;
  customerCareUrl: string;
}>({
  name: 'identity.email-change.existing-account',
  compose: ({ firstName, customerCareUrl }, t, { vendor }) => ({
    subject: t('emailChangeExisting.subject', { vendor }),
    blocks: [
      greeting(t, firstName),
      { kind: 'paragraph', text: t('emailChangeExisting.intro', { vendor }) },
      { kind: 'paragraph', text: t('emailChangeExisting.ifYou') },
      { kind: 'paragraph', text: t('emailChangeExisting.notYou') },
      { kind: 'link', label: t('emailChangeExisting.customerCare'), url: customerCareUrl },
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
