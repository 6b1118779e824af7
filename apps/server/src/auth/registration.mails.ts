import { defineMailTemplate, greeting } from '../mail/mail-template';

/**
 * To an address nobody has confirmed yet: it carries nothing the registration form let a stranger type
 * (no name), so the form cannot be used to mail someone words of one's choosing.
 */
export const registrationConfirmationMail = defineMailTemplate<{ confirmUrl: string; hours: number }>({
  name: 'registration.confirm',
  compose: ({ confirmUrl, hours }, t, { vendor }) => ({
    subject: t('registrationConfirm.subject', { vendor }),
    blocks: [
      greeting(t),
      { kind: 'paragraph', text: t('registrationConfirm.intro', { vendor }) },
      { kind: 'action', label: t('registrationConfirm.action'), url: confirmUrl },
      { kind: 'paragraph', text: t('registrationConfirm.expiry', { hours }) },
      { kind: 'paragraph', text: t('registrationConfirm.notYou') },
    ],
  }),
});

/** To the owner of an address someone tried to register again: the registration page itself says nothing. */
export const existingAccountMail = defineMailTemplate<{
  firstName: string;
  signInUrl: string;
  customerCareUrl: string;
}>({
  name: 'registration.existing-account',
  compose: ({ firstName, signInUrl, customerCareUrl }, t, { vendor }) => ({
    subject: t('registrationExisting.subject'),
    blocks: [
      greeting(t, firstName),
      { kind: 'paragraph', text: t('registrationExisting.intro', { vendor }) },
      { kind: 'paragraph', text: t('registrationExisting.ifYou') },
      { kind: 'action', label: t('registrationExisting.action'), url: signInUrl },
      { kind: 'paragraph', text: t('registrationExisting.forgotten') },
      { kind: 'link', label: t('registrationExisting.customerCare'), url: customerCareUrl },
      { kind: 'paragraph', text: t('registrationExisting.notYou') },
    ],
  }),
});
