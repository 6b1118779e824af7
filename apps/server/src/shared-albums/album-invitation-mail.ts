import { countRecentMails, enqueueMail } from '../mail/mail-outbox.service';
import { defineMailTemplate, greeting } from '../mail/mail-template';
import type { Queryable } from '../platform/database';
import { rateLimits } from '../platform/rate-limits';
import type { ResolvedStorefront } from '../storefronts/storefronts';

/** What the invitee's mail says: who shares which album, and the address that opens it. */
export interface AlbumInvitation {
  albumId: string;
  albumName: string;
  ownerEmail: string;
  inviteeEmail: string;
  /** The shared album's page on the storefront the owner shared from. */
  albumUrl: string;
  storefront: ResolvedStorefront;
  /** The owner's language on that storefront: the invitee's is not known. */
  locale: string;
}

export const albumInvitationMail = defineMailTemplate<{
  ownerEmail: string;
  albumName: string;
  albumUrl: string;
}>({
  name: 'share.album-invitation',
  compose: ({ ownerEmail, albumName, albumUrl }, t, { vendor }) => ({
    subject: t('albumInvitation.subject', { ownerEmail }),
    blocks: [
      greeting(t),
      { kind: 'paragraph', text: t('albumInvitation.intro', { ownerEmail, albumName, vendor }) },
      { kind: 'action', label: t('albumInvitation.action'), url: albumUrl },
      { kind: 'paragraph', text: t('albumInvitation.noAccount', { vendor }) },
    ],
  }),
});

/** Sends an album invitation inside the transaction that stores the share. */
export async function sendAlbumInvitationMail(tx: Queryable, invitation: AlbumInvitation): Promise<void> {
  const limit = rateLimits.albumInvitationMails;
  const sent = await countRecentMails(
    tx,
    invitation.inviteeEmail,
    [albumInvitationMail],
    limit.windowSeconds,
  );
  if (sent >= limit.max) return;
  await enqueueMail(tx, {
    template: albumInvitationMail,
    params: {
      ownerEmail: invitation.ownerEmail,
      albumName: invitation.albumName,
      albumUrl: invitation.albumUrl,
    },
    to: invitation.inviteeEmail,
    storefront: invitation.storefront,
    locale: invitation.locale,
  });
}

export type SendAlbumInvitationMail = (tx: Queryable, invitation: AlbumInvitation) => Promise<void>;
