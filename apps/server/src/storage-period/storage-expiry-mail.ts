import { defineMailTemplate, greeting } from '../mail/mail-template';

/** The notice mailed 30 and 7 days before a library is deleted (decision 087). */
export const storageExpiryNoticeMail = defineMailTemplate<{
  /** ISO date-time of the deletion; shown as a date in the customer's language. */
  deletionDate: string;
  photosUrl: string;
  shopUrl: string;
}>({
  name: 'storage.expiry-notice',
  compose: ({ deletionDate, photosUrl, shopUrl }, t, { vendor, locale }) => {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(deletionDate),
    );
    return {
      subject: t('storageExpiry.subject', { date }),
      blocks: [
        greeting(t),
        { kind: 'paragraph', text: t('storageExpiry.intro', { vendor, date }) },
        { kind: 'paragraph', text: t('storageExpiry.keep') },
        { kind: 'action', label: t('storageExpiry.action'), url: shopUrl },
        { kind: 'link', label: t('storageExpiry.viewPhotos'), url: photosUrl },
      ],
    };
  },
});
