import { MAX_PARTICIPANTS, type Participants, type SharedAlbumCounts } from '@photo/contracts/shared-albums';
import type { Caller } from '../platform/caller';
import type { Database } from '../platform/database';
import { forbidden, invalid, notFound } from '../platform/errors';
import { isUuid, uuidv7 } from '../platform/uuid';
import type { AlbumRecord } from '../photos/albums.repository';
import { guardedAlbumPhotos, type AlbumPhotoReader } from '../photos/albums.service';
import { createAlbumsRepository } from '../photos/albums.repository';
import { decodeCursor, encodeCursor } from '../photos/photo-cursor';
import type { StorefrontContext } from '../storefronts/storefronts';
import type { SendAlbumInvitationMail } from './album-invitation-mail';
import {
  createSharedAlbumsRepository,
  type AlbumRole,
  type SharedAlbumsRepository,
} from './shared-albums.repository';

export interface SharedAlbumPage {
  albums: AlbumRecord[];
  cursor: string | null;
}

export interface SharedAlbumsDependencies {
  db: Database;
  shares: SharedAlbumsRepository;
  reader: AlbumPhotoReader;
  sendInvitation: SendAlbumInvitationMail;
}

/**
 * Shared albums (docs/product/albums.md, roles.md, calls.md). An owner shares an album with people by e-mail; a participant reads
 * exactly that album's photos and nothing else of the owner's. Both are read-only here: photos go in
 * and out through the owner's own album. Anyone who is neither owner nor participant gets 404, as for
 * an album that does not exist; taking a participant off ends their access with the next request.
 */
export function createSharedAlbumsService({ db, shares, reader, sendInvitation }: SharedAlbumsDependencies) {
  const roleOf = async (caller: Caller, albumId: string): Promise<AlbumRole> => {
    const role = isUuid(albumId) ? await shares.roleOf(albumId, caller.customerId) : undefined;
    if (!role) throw notFound('Shared album not found');
    return role;
  };
  const ownerOnly = async (caller: Caller, albumId: string): Promise<void> => {
    // A participant may not change who else sees the album: for them this call does not exist.
    if ((await roleOf(caller, albumId)) !== 'owner') throw notFound('Shared album not found');
  };

  return {
    roleOf,

    async list(caller: Caller, input: { cursor?: string; limit: number }): Promise<SharedAlbumPage> {
      await shares.claimInvitations(caller.customerId);
      const records = await shares.listSharedWith({
        customerId: caller.customerId,
        // Shared albums are listed by when they were shared: a timestamp, like an upload time.
        after: decodeCursor(input.cursor, 'created'),
        limit: input.limit + 1,
      });
      const page = records.slice(0, input.limit);
      const last = page[page.length - 1];
      return {
        albums: page.map((record) => record.album),
        cursor:
          records.length > input.limit && last
            ? encodeCursor({ value: last.invitedAt, id: last.shareId })
            : null,
      };
    },

    async counts(caller: Caller): Promise<SharedAlbumCounts> {
      await shares.claimInvitations(caller.customerId);
      const { read, granted } = await shares.counts(caller.customerId);
      return { readAlbumsCount: read, grantedAlbumsCount: granted };
    },

    async get(caller: Caller, albumId: string): Promise<AlbumRecord> {
      if (isUuid(albumId)) await shares.claimInvitations(caller.customerId);
      await roleOf(caller, albumId);
      const album = await shares.findAlbum(albumId);
      if (!album) throw notFound('Shared album not found');
      return album;
    },

    /** The owner sees everyone invited; a participant sees the owner only. */
    async participants(caller: Caller, albumId: string): Promise<Participants> {
      const role = await roleOf(caller, albumId);
      const owner = await shares.owner(albumId);
      if (!owner) throw notFound('Shared album not found');
      return { owner, participants: role === 'owner' ? await shares.shares(albumId) : [] };
    },

    /**
     * Issue 23, docs/product/overview.md: shared albums are no longer supported, so a customer cannot start
     * sharing (existing shares stay readable); operators migrating albums share through the shop side.
     */
    async invite(caller: Caller, albumId: string): Promise<never> {
      await ownerOnly(caller, albumId);
      throw forbidden('Shared albums are no longer supported: albums cannot be shared any more');
    },

    /**
     * The shop's operators share an album (migration, `npm run shop -- share-album`): the same rules an
     * owner's invitation had (not the owner's own address, at most MAX_PARTICIPANTS people), the mail in
     * the storefront and language the shop names.
     */
    async shareFromShop(albumId: string, email: string, where: StorefrontContext): Promise<Participants> {
      const owner = isUuid(albumId) ? await shares.owner(albumId) : undefined;
      if (!owner) throw notFound('Album not found');
      if (owner.email.toLowerCase() === email.toLowerCase()) {
        throw invalid('body.email', "This is the owner's own address: the album is already theirs");
      }
      const current = await shares.shares(albumId);
      const known = current.some((share) => share.email === email.toLowerCase());
      if (!known && current.length >= MAX_PARTICIPANTS) {
        throw invalid('body.email', `An album can be shared with at most ${MAX_PARTICIPANTS} people`);
      }
      await db.transaction(async (tx) => {
        const invited = await createSharedAlbumsRepository(tx).invite({ id: uuidv7(), albumId, email });
        const album = invited ? await createAlbumsRepository(tx).findOwned(owner.id, albumId) : undefined;
        if (album) {
          await sendInvitation(tx, {
            albumId,
            albumName: album.name,
            ownerEmail: owner.email,
            inviteeEmail: email,
            albumUrl: `${where.storefront.origin}/my-photos/shared-albums/${albumId}`,
            storefront: where.storefront,
            locale: where.locale,
          });
        }
      });
      return { owner, participants: await shares.shares(albumId) };
    },

    async removeParticipant(caller: Caller, albumId: string, participantId: string): Promise<void> {
      await ownerOnly(caller, albumId);
      if (!isUuid(participantId) || !(await shares.removeShare(albumId, participantId))) {
        throw notFound('Participant not found');
      }
    },

    /** docs/product/albums.md: the owner stops sharing (the album stays theirs, photos and all); a participant leaves. */
    async remove(caller: Caller, albumId: string): Promise<void> {
      const role = await roleOf(caller, albumId);
      if (role === 'owner') await shares.unshare(albumId);
      else await shares.leave(albumId, caller.customerId);
    },

    ...guardedAlbumPhotos(reader, roleOf),
  };
}

export type SharedAlbumsService = ReturnType<typeof createSharedAlbumsService>;
