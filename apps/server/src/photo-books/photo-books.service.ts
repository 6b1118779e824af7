import { randomBytes } from 'node:crypto';
import { email } from '@photo/contracts/common';
import { serviceBasePath } from '@photo/contracts/endpoint';
import {
  galleryCategories,
  SHARE_MESSAGE_MAX,
  SHARE_SENDER_NAME_MAX,
  WIDGET_VIEWER_PATH,
  photoBookCoverPath,
  type BlockedOrder,
  type BlockedReason,
  type GalleryCategory,
  type GalleryEntry,
  type PhotoBook,
} from '@photo/contracts/photo-books';
import { cleanLine, cleanLines } from '@photo/contracts/text';
import { enqueueMail } from '../mail/mail-outbox.service';
import type { BlobStore } from '../platform/blob-store';
import type { Caller } from '../platform/caller';
import type { Database } from '../platform/database';
import { conflict, forbidden, invalid, notFound } from '../platform/errors';
import { rateLimitExceeded, rateLimits } from '../platform/rate-limits';
import type { RateWindows } from '../platform/rate-windows';
import { isUuid, uuidv7 } from '../platform/uuid';
import { processPhoto } from '../photos/processing/process-photo';
import { PhotoProcessingError } from '../photos/processing/processing-errors';
import type { ResolvedStorefront } from '../storefronts/storefronts';
import { photoBookShareMail } from './photo-book-share-mail';
import {
  createPhotoBooksRepository,
  type GalleryEntryRecord,
  type GalleryItemRecord,
  type PhotoBookPageRecord,
  type PhotoBookRecord,
} from './photo-books.repository';

/** The page sizes of the photo pipeline (long edge): 300 for the cover, 800 and 1300 for the viewer. */
export const WIDGET_PAGE_SIZES = [300, 800, 1300] as const;
export type PhotoBookPageSize = (typeof WIDGET_PAGE_SIZES)[number];

export const pageBlobKey = (prefix: string, size: PhotoBookPageSize) => `${prefix}/${size}.webp`;

/** 128 random bits: the viewer's address cannot be guessed or enumerated. */
const newViewerToken = () => randomBytes(16).toString('base64url');
export const isViewerToken = (value: string) => /^[A-Za-z0-9_-]{22}$/.test(value);

/** Pages are drawn at print resolution; anything larger than this is not a page of a photo book. */
const PAGE_MAX_PIXELS = 40_000_000;

/** Books on one page of the public gallery: four rows of six on a desktop screen. */
export const GALLERY_PAGE_SIZE = 24;

export interface GalleryPage {
  items: GalleryItemRecord[];
  category: GalleryCategory | null;
  page: number;
  pageCount: number;
  total: number;
}

const isGalleryCategory = (value: string): value is GalleryCategory =>
  (galleryCategories as readonly string[]).includes(value);

/** UTF-8 text sent base64-encoded (either alphabet); anything else is a 400 on that field. */
function decodeBase64Text(value: string, field: string): string {
  const standard = value.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Buffer.from(standard, 'base64');
  if (bytes.toString('base64').replace(/=+$/, '') !== standard.replace(/=+$/, '')) {
    throw invalid(field, `${field}: not base64`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid(field, `${field}: not UTF-8 text`);
  }
}

export function toPhotoBook(record: PhotoBookRecord, origin: string): PhotoBook {
  return {
    id: record.id,
    orderCode: record.orderId,
    title: record.title,
    productName: record.productName,
    pageCount: record.pageCount,
    isPublic: record.isPublic,
    coverUrl: `${serviceBasePath('widgets')}${photoBookCoverPath(record.id)}`,
    viewerUrl: `${origin}${WIDGET_VIEWER_PATH}/${record.viewerToken}`,
    createdAt: record.createdAt,
  };
}

const toBlockedOrder = (record: PhotoBookRecord): BlockedOrder => ({
  orderCode: record.orderId,
  title: record.title,
  productName: record.productName,
  reason: record.blockedReason!,
});

const toGalleryEntry = (record: GalleryEntryRecord): GalleryEntry => ({ ...record });

export interface ShareRequest {
  vendorId: string;
  fromName: string;
  personalMessage?: string | undefined;
  toEmailAddress: string;
}

/**
 * Online photo books (docs/product/projects-and-photo-books.md, entities.md, calls.md; decision 094). The shop publishes them; their owner, a private
 * customer, lists, shares, switches and deletes them, and publishes them in the storefront's gallery.
 * Every call is scoped to the caller: another customer's id answers 404 and changes nothing.
 */
export function createPhotoBooksService(deps: { db: Database; blobs: BlobStore; rateWindows: RateWindows }) {
  const { db, blobs } = deps;
  const photoBooks = createPhotoBooksRepository(db);

  const removePages = async (prefixes: string[]) => {
    // The rows no longer point at them: a failure leaves unreachable files, never a broken book.
    for (const prefix of prefixes) {
      for (const size of WIDGET_PAGE_SIZES)
        await blobs.delete(pageBlobKey(prefix, size)).catch(() => undefined);
    }
  };

  /** Business customers have no online photo books (docs/product/roles.md): every call of theirs is refused. */
  const privateOnly = (caller: Caller) => {
    if (caller.isB2B) throw forbidden('Online photo books are for private customers only');
  };

  /**
   * Ownership first: another customer's book answers 404 to everyone, a business customer included,
   * like every other resource of someone else; 403 is only for what is the caller's own.
   */
  const owned = async (caller: Caller, id: string): Promise<PhotoBookRecord> => {
    const record = isUuid(id) ? await photoBooks.findOwnedComplete(caller.customerId, id) : undefined;
    if (!record) throw notFound('Online photo book not found');
    privateOnly(caller);
    return record;
  };

  return {
    async all(caller: Caller, orderCodes: string | undefined, origin: string): Promise<PhotoBook[]> {
      privateOnly(caller);
      const codes = orderCodes?.split(',').filter(Boolean);
      const records = await photoBooks.listComplete(caller.customerId, codes);
      return records.map((record) => toPhotoBook(record, origin));
    },

    async get(caller: Caller, id: string, origin: string): Promise<PhotoBook> {
      return toPhotoBook(await owned(caller, id), origin);
    },

    /**
     * Switched on again after being off, the book gets a new viewer address: a link shared before
     * public viewing went off stays dead, whoever still holds it.
     */
    async setPublic(caller: Caller, id: string, isPublic: boolean, origin: string): Promise<PhotoBook> {
      await owned(caller, id);
      await db.transaction((tx) =>
        createPhotoBooksRepository(tx).setPublic(caller.customerId, id, isPublic, newViewerToken()),
      );
      return toPhotoBook((await photoBooks.findOwnedComplete(caller.customerId, id))!, origin);
    },

    async delete(caller: Caller, id: string): Promise<void> {
      await owned(caller, id);
      const prefixes = await db.transaction((tx) =>
        createPhotoBooksRepository(tx).delete({ ownerId: caller.customerId, id }),
      );
      if (!prefixes) throw notFound('Online photo book not found');
      await removePages(prefixes);
    },

    /** Mails the viewer's address in the storefront's language, in the transaction that counts it. */
    async share(
      caller: Caller,
      id: string,
      request: ShareRequest,
      storefront: ResolvedStorefront,
      locale: string,
    ) {
      const record = await owned(caller, id);
      if (request.vendorId !== storefront.storefront.channelId) {
        throw invalid('query.vendorId', 'query.vendorId: not this storefront');
      }
      // What was typed, by the one text rule (decision 118): the name on one line, the message with
      // its line breaks, neither with a bidirectional override or a control character.
      const fromName = cleanLine(decodeBase64Text(request.fromName, 'query.fromName')).replace(/\s+/g, ' ');
      if (fromName.length < 1 || fromName.length > SHARE_SENDER_NAME_MAX) {
        throw invalid('query.fromName', `query.fromName: 1 to ${SHARE_SENDER_NAME_MAX} characters`);
      }
      const personalMessage = request.personalMessage
        ? cleanLines(decodeBase64Text(request.personalMessage, 'query.personalMessage'))
        : '';
      if (personalMessage.length > SHARE_MESSAGE_MAX) {
        throw invalid(
          'query.personalMessage',
          `query.personalMessage: at most ${SHARE_MESSAGE_MAX} characters`,
        );
      }
      const to = decodeBase64Text(request.toEmailAddress, 'query.toEmailAddress').trim();
      if (!email.safeParse(to).success) {
        throw invalid('query.toEmailAddress', 'query.toEmailAddress: not an e-mail address');
      }
      if (!record.isPublic) throw conflict('Public viewing of this photo book is off');
      // Counted once the request is valid: a typo does not use up the customer's allowance.
      const limit = rateLimits.photoBookShares;
      const { count } = await deps.rateWindows.hit(`widget-share:${caller.customerId}`, limit.windowSeconds);
      if (count > limit.max) throw rateLimitExceeded(limit, 'Too many photo books shared; try again later');
      await db.transaction((tx) =>
        enqueueMail(tx, {
          template: photoBookShareMail,
          params: {
            fromName,
            title: record.title,
            personalMessage,
            viewerUrl: toPhotoBook(record, storefront.origin).viewerUrl,
          },
          to,
          storefront,
          locale,
        }),
      );
    },

    async galleryEntry(caller: Caller, id: string, channel: string): Promise<GalleryEntry | null> {
      await owned(caller, id);
      const entry = await photoBooks.galleryEntry(caller.customerId, id);
      return entry && entry.channel === channel ? toGalleryEntry(entry) : null;
    },

    /** Publishes in the gallery of the storefront the customer is on (its channel, as the call names it). */
    async publish(
      caller: Caller,
      body: { widgetId: string; channel: string; categoryId: GalleryCategory },
      storefront: Pick<ResolvedStorefront, 'storefront'>,
    ): Promise<GalleryEntry> {
      const record = await owned(caller, body.widgetId);
      if (body.channel !== storefront.storefront.channelId) {
        throw invalid('body.channel', 'body.channel: not this storefront');
      }
      if (!record.isPublic) throw conflict('Only a public photo book can be in the gallery');
      const entry = await photoBooks.createGalleryEntry(record.id, body.channel, body.categoryId);
      if (!entry) throw conflict('This photo book is in the gallery already');
      return toGalleryEntry(entry);
    },

    async recategorize(caller: Caller, id: string, categoryId: GalleryCategory): Promise<GalleryEntry> {
      await owned(caller, id);
      const entry = await photoBooks.updateGalleryEntry(caller.customerId, id, categoryId);
      if (!entry) throw notFound('Not in the gallery');
      return toGalleryEntry(entry);
    },

    async unpublish(caller: Caller, id: string): Promise<void> {
      await owned(caller, id);
      if (!(await photoBooks.deleteGalleryEntry(caller.customerId, id))) throw notFound('Not in the gallery');
    },

    categories(caller: Caller) {
      privateOnly(caller);
      return galleryCategories.map((id) => ({ id }));
    },

    async blockedOrders(caller: Caller, accountId: string): Promise<BlockedOrder[]> {
      if (accountId !== caller.customerId) throw notFound('Account not found');
      privateOnly(caller);
      return (await photoBooks.listBlocked(caller.customerId)).map(toBlockedOrder);
    },

    /** The owner's cover (page 1, smallest size). */
    async cover(caller: Caller, id: string): Promise<string> {
      const record = await owned(caller, id);
      const page = await photoBooks.page(record.id, 1);
      if (!page) throw notFound('No cover');
      return pageBlobKey(page.blobPrefix, 300);
    },

    /** The public book behind a viewer token with its pages; undefined while it is not public. */
    async viewable(
      token: string,
    ): Promise<{ widget: PhotoBookRecord; pages: PhotoBookPageRecord[] } | undefined> {
      if (!isViewerToken(token)) return undefined;
      const widget = await photoBooks.findPublicByToken(token);
      return widget && { widget, pages: await photoBooks.pages(widget.id) };
    },

    /**
     * A page of the storefront's public gallery (its channel's entries only), for anyone signed out.
     * An unknown category or a page beyond the last answers undefined: the address shows nothing.
     */
    async gallery(
      channel: string,
      query: { category?: string | undefined; page?: string | undefined },
    ): Promise<GalleryPage | undefined> {
      const category = query.category ?? null;
      if (category !== null && !isGalleryCategory(category)) return undefined;
      if (query.page !== undefined && !/^[1-9][0-9]{0,5}$/.test(query.page)) return undefined;
      const page = Number(query.page ?? 1);
      const { items, total } = await photoBooks.listGallery(
        channel,
        category,
        GALLERY_PAGE_SIZE,
        (page - 1) * GALLERY_PAGE_SIZE,
      );
      if (page > 1 && items.length === 0) return undefined;
      return { items, category, page, pageCount: Math.max(1, Math.ceil(total / GALLERY_PAGE_SIZE)), total };
    },

    /** One page image of a public book. */
    async viewablePage(
      token: string,
      pageNumber: number,
      size: PhotoBookPageSize,
    ): Promise<string | undefined> {
      if (!isViewerToken(token)) return undefined;
      const widget = await photoBooks.findPublicByToken(token);
      const page = widget && (await photoBooks.page(widget.id, pageNumber));
      return page && pageBlobKey(page.blobPrefix, size);
    },

    /** The shop publishes a book (or says why the order cannot be one); repeating it changes nothing more. */
    async putFromShop(
      orderId: string,
      book: { title: string; pageCount?: number | undefined; blockedReason?: BlockedReason | undefined },
    ): Promise<PhotoBookRecord> {
      if ((book.pageCount === undefined) === (book.blockedReason === undefined)) {
        throw invalid('body', 'Send either pageCount or blockedReason');
      }
      // Often the customer's own title for the book, shown in the public viewer and gallery: cleaned
      // by the one text rule (decision 118) like everything a customer typed.
      const title = cleanLine(book.title);
      if (!title) throw invalid('body.title', 'body.title: empty once cleaned');
      const order = await photoBooks.findOrder(orderId);
      if (!order) throw notFound('Order not found');
      const { widget, droppedPrefixes } = await db.transaction((tx) =>
        createPhotoBooksRepository(tx).upsert({
          id: uuidv7(),
          orderId,
          ownerId: order.ownerId,
          storefrontId: order.storefrontId,
          title,
          productName: order.productName ?? title,
          pageCount: book.pageCount ?? 0,
          blockedReason: book.blockedReason ?? null,
          viewerToken: newViewerToken(),
        }),
      );
      await removePages(droppedPrefixes);
      return widget;
    },

    /** Stores one page in the pipeline's sizes (from one decode), replacing what was there. */
    async putPageFromShop(orderId: string, pageNumber: number, image: Buffer): Promise<PhotoBookRecord> {
      const widget = await photoBooks.findByOrder(orderId);
      if (!widget) throw notFound('No online photo book for this order');
      if (widget.blockedReason !== null || pageNumber > widget.pageCount) {
        throw invalid('params.pageNumber', `params.pageNumber: the book has ${widget.pageCount} pages`);
      }
      let processed;
      try {
        processed = await processPhoto(image, { maxPixels: PAGE_MAX_PIXELS });
      } catch (error) {
        if (error instanceof PhotoProcessingError)
          throw invalid('body.imageBase64', 'The page is not an image');
        throw error;
      }
      const prefix = `widgets/${widget.id}/${pageNumber}/${uuidv7()}`;
      for (const derivative of processed.derivatives) {
        await blobs.put(pageBlobKey(prefix, derivative.size), derivative.data, 'image/webp');
      }
      const largest = processed.derivatives.find((derivative) => derivative.size === 1300)!;
      const replaced = await photoBooks.putPage(widget.id, {
        pageNumber,
        blobPrefix: prefix,
        width: largest.width,
        height: largest.height,
      });
      if (replaced) await removePages([replaced]);
      return (await photoBooks.findByOrder(orderId))!;
    },

    async deleteFromShop(orderId: string): Promise<void> {
      const prefixes = await db.transaction((tx) => createPhotoBooksRepository(tx).delete({ orderId }));
      if (!prefixes) throw notFound('No online photo book for this order');
      await removePages(prefixes);
    },
  };
}

export type PhotoBooksService = ReturnType<typeof createPhotoBooksService>;
