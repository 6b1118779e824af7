import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopOrdersApi } from '@photo/contracts/shop-api';
import { ShopPhotoBookSchema, shopPhotoBooksApi } from '@photo/contracts/shop-photo-books';
import {
  BlockedOrderSchema,
  GalleryEntrySchema,
  WIDGET_SHARES_PER_HOUR,
  PhotoBookSchema,
  type PhotoBook,
} from '@photo/contracts/photo-books';
import { hashPassword } from '../auth/password';
import { createCustomersRepository } from '../customers/customers.repository';
import { DEMO_PASSWORD, seedDemoAccounts } from '../demo/demo-accounts';
import { demoPhotoBookPage } from '../demo/demo-photo-book';
import { shopPath } from '../shop-api/shop-api.router';
import { mailsTo } from '../testing/mailbox';
import { signIn, type SignedIn } from '../testing/sign-in';
import { uuidv7 } from '../platform/uuid';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createPhotoBooksRepository } from './photo-books.repository';
import { GALLERY_PAGE_SIZE } from './photo-books.service';

const TOKEN = 'shop-token-for-widget-tests-0123456789';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe(`online photo books (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let business: SignedIn;
  let ownerId: string;
  let strangerId: string;

  const shop = (method: 'PUT' | 'DELETE', url: string, payload?: object, token = TOKEN) =>
    t.app.inject({
      method,
      url,
      headers: { host: '127.0.0.1', authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const call = (who: SignedIn, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/${url}`, headers: who.headers, ...(payload ? { payload } : {}) });
  const list = async (who: SignedIn) =>
    (await call(who, 'GET', 'widgets/v1/widget/all'))
      .json<unknown[]>()
      .map((entry) => PhotoBookSchema.parse(entry));
  const shareUrl = (widget: PhotoBook, fields: Record<string, string>) =>
    `widgets/v1/widget/${widget.id}/share?${new URLSearchParams(fields).toString()}`;
  const viewer = (url: string) =>
    t.app.inject({ url: new URL(url).pathname, headers: { host: 'nl.localhost:8080' } });
  const gallery = (query = '', host = 'nl.localhost:8080') =>
    t.app.inject({ url: `/photo-books/gallery${query}`, headers: { host } });
  const tokenOf = (widget: PhotoBook) => new URL(widget.viewerUrl).pathname.split('/').pop()!;
  const inGallery = (who: SignedIn, widget: PhotoBook, categoryId: string) =>
    call(who, 'POST', 'gallery/v1/galleryentries/', { widgetId: widget.id, channel: 'NL', categoryId });

  async function placePhotoBookOrder(code: string, email: string) {
    const now = new Date().toISOString();
    const placed = await shop('PUT', shopPath(shopOrdersApi.putSuperOrder, { superOrderCode: code }), {
      email,
      storefront: 'nl',
      createdAt: now,
      changedAt: now,
      deliveryType: 'Home',
      deliveryAddress: {
        country: 'NL',
        firstName: 'Demi',
        lastName: 'Jansen',
        company: '',
        street: 'Keizersgracht',
        houseNumber: '212',
        addressLine2: '',
        postcode: '1016 DZ',
        city: 'Amsterdam',
        region: '',
        phone: '',
      },
      orders: [
        {
          id: `${code}-1`,
          products: [
            {
              lineId: '1',
              code: 'BOOK_A4_HARD',
              articleName: 'Photo book A4 hardcover',
              articleGroup: 'photoBooks',
              quantity: 1,
              unitPrice: 2995,
            },
          ],
        },
      ],
    });
    expect(placed.statusCode).toBe(200);
    return `${code}-1`;
  }

  async function publish(orderCode: string, title: string, pageCount: number) {
    expect(
      (await shop('PUT', shopPath(shopPhotoBooksApi.putPhotoBook, { orderCode }), { title, pageCount }))
        .statusCode,
    ).toBe(200);
    for (let page = 1; page <= pageCount; page += 1) {
      const imageBase64 = (await demoPhotoBookPage(page)).toString('base64');
      const response = await shop(
        'PUT',
        shopPath(shopPhotoBooksApi.putPage, { orderCode, pageNumber: page }),
        {
          imageBase64,
        },
      );
      expect(response.statusCode).toBe(200);
    }
  }

  beforeAll(async () => {
    t = await createTestApp({ SHOP_API_TOKEN: TOKEN });
    const customers = createCustomersRepository(t.db);
    await seedDemoAccounts(customers);
    await customers.insert({
      email: 'stranger@example.com',
      firstName: 'Sam',
      lastName: 'Stranger',
      isB2B: false,
      status: 'Default',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    owner = await signIn(t, { email: 'demo@example.com' });
    stranger = await signIn(t, { email: 'stranger@example.com' });
    business = await signIn(t, { email: 'b2b@example.com' });
    ownerId = (await customers.findActiveByEmail('demo@example.com'))!.id;
    strangerId = (await customers.findActiveByEmail('stranger@example.com'))!.id;

    await publish(await placePhotoBookOrder('NL-9100001', 'demo@example.com'), 'Summer <b>book</b>', 3);
    await publish(await placePhotoBookOrder('NL-9100002', 'stranger@example.com'), 'Their book', 2);
    const blocked = await placePhotoBookOrder('NL-9100003', 'demo@example.com');
    await shop('PUT', shopPath(shopPhotoBooksApi.putPhotoBook, { orderCode: blocked }), {
      title: 'Wedding',
      blockedReason: 'licensedContent',
    });
  }, 120_000);
  afterAll(() => t.close());

  it('takes books from the shop only with its token, idempotently, and lists a book once complete', async () => {
    const orderCode = await placePhotoBookOrder('NL-9100009', 'demo@example.com');
    const url = shopPath(shopPhotoBooksApi.putPhotoBook, { orderCode });
    expect((await shop('PUT', url, { title: 'x', pageCount: 2 }, `${TOKEN}x`)).statusCode).toBe(401);
    expect((await shop('PUT', url, { title: 'x' })).statusCode).toBe(400);
    expect(
      (
        await shop('PUT', shopPath(shopPhotoBooksApi.putPhotoBook, { orderCode: 'NL-0-1' }), {
          title: 'x',
          pageCount: 1,
        })
      ).statusCode,
    ).toBe(404);
    const first = ShopPhotoBookSchema.parse(
      (await shop('PUT', url, { title: 'Two pages', pageCount: 2 })).json(),
    );
    // The title (often the customer's own) is cleaned like all typed text: the same book again.
    const again = ShopPhotoBookSchema.parse(
      (await shop('PUT', url, { title: 'Two\u202E pages\n', pageCount: 2 })).json(),
    );
    expect(again).toEqual(first);
    expect((await shop('PUT', url, { title: '\u202E\t', pageCount: 2 })).statusCode).toBe(400);
    expect(first).toMatchObject({ customerId: ownerId, pagesReceived: 0, blockedReason: null });

    const page = (pageNumber: number, imageBase64: string) =>
      shop('PUT', shopPath(shopPhotoBooksApi.putPage, { orderCode, pageNumber }), { imageBase64 });
    const image = (await demoPhotoBookPage(1)).toString('base64');
    expect((await page(3, image)).statusCode).toBe(400);
    expect((await page(1, Buffer.from('not an image').toString('base64'))).statusCode).toBe(400);
    expect(ShopPhotoBookSchema.parse((await page(1, image)).json()).pagesReceived).toBe(1);
    expect(ShopPhotoBookSchema.parse((await page(1, image)).json()).pagesReceived).toBe(1);
    // Incomplete: not listed yet.
    expect((await list(owner)).map((widget) => widget.orderCode)).not.toContain(orderCode);
    await page(2, image);
    expect((await list(owner)).map((widget) => widget.orderCode)).toContain(orderCode);

    expect(
      (await shop('DELETE', shopPath(shopPhotoBooksApi.deletePhotoBook, { orderCode }))).statusCode,
    ).toBe(200);
    expect((await list(owner)).map((widget) => widget.orderCode)).not.toContain(orderCode);
  });

  it('lists the caller’s books only, by order codes when named, and never another customer’s', async () => {
    const mine = await list(owner);
    expect(mine.map((widget) => widget.orderCode)).toEqual(['NL-9100001-1']);
    const book = mine[0]!;
    expect(book).toMatchObject({ title: 'Summer <b>book</b>', pageCount: 3, isPublic: true });
    expect(book.viewerUrl).toMatch(/^http:\/\/nl\.localhost:8080\/photo-books\/[A-Za-z0-9_-]{22}$/);
    const named = await call(owner, 'GET', 'widgets/v1/widget/all?orderCodes=NL-9100001-1,NL-9100002-1');
    expect(named.json<PhotoBook[]>().map((widget) => widget.orderCode)).toEqual(['NL-9100001-1']);
    const none = await call(owner, 'GET', 'widgets/v1/widget/all?orderCodes=NL-9100002-1');
    expect(none.json()).toEqual([]);

    const theirs = (await list(stranger))[0]!;
    expect((await call(owner, 'GET', `widgets/v1/widget/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'PUT', `widgets/v1/widget/${theirs.id}`, { isPublic: false })).statusCode).toBe(
      404,
    );
    expect((await call(owner, 'DELETE', `widgets/v1/widget/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `widgets/v1/widget/${theirs.id}/cover`)).statusCode).toBe(404);
    expect(
      (
        await call(
          owner,
          'PUT',
          shareUrl(theirs, { vendorId: 'NL', fromName: b64('x'), toEmailAddress: b64('a@example.com') }),
        )
      ).statusCode,
    ).toBe(404);
    expect((await list(stranger))[0]).toEqual(theirs);
    expect((await call(owner, 'GET', 'widgets/v1/widget/not-a-uuid')).statusCode).toBe(400);

    const cover = await call(owner, 'GET', `widgets/v1/widget/${book.id}/cover`);
    expect(cover.statusCode).toBe(200);
    expect((await sharp(cover.rawPayload).metadata()).width).toBe(300);
  });

  it('answers business customers 403 on their own calls, and 404 for another customer’s book like everyone', async () => {
    expect((await call(business, 'GET', 'widgets/v1/widget/all')).statusCode).toBe(403);
    expect((await call(business, 'GET', 'gallery/v1/categories')).statusCode).toBe(403);
    const businessId = (await createCustomersRepository(t.db).findActiveByEmail('b2b@example.com'))!.id;
    expect((await call(business, 'GET', `gallery/v1/blockedorders/${businessId}`)).statusCode).toBe(403);

    // Someone else's book (or account) is not there for them, as for any other customer: 404, not 403.
    const book = (await list(owner))[0]!;
    const statuses = [
      await call(business, 'GET', `widgets/v1/widget/${book.id}`),
      await call(business, 'PUT', `widgets/v1/widget/${book.id}`, { isPublic: false }),
      await call(business, 'DELETE', `widgets/v1/widget/${book.id}`),
      await call(business, 'GET', `widgets/v1/widget/${book.id}/cover`),
      await call(
        business,
        'PUT',
        shareUrl(book, { vendorId: 'NL', fromName: b64('x'), toEmailAddress: b64('a@example.com') }),
      ),
      await call(business, 'GET', `gallery/v1/galleryentries/${book.id}?channel=NL`),
      await call(business, 'PUT', `gallery/v1/galleryentries/${book.id}`, { categoryId: 'travel' }),
      await call(business, 'DELETE', `gallery/v1/galleryentries/${book.id}`),
      await inGallery(business, book, 'travel'),
      await call(business, 'GET', `gallery/v1/blockedorders/${ownerId}`),
    ].map((response) => response.statusCode);
    expect(statuses).toEqual(statuses.map(() => 404));
    expect((await list(owner))[0]).toEqual(book);
  });

  it('shows a public book to anyone with its address, page images in sizes, and 404 once switched off', async () => {
    const book = (await list(owner))[0]!;
    const page = await viewer(book.viewerUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    // The title is text: escaped, never markup.
    expect(page.body).toContain('Summer &lt;b&gt;book&lt;/b&gt;');
    expect(page.body).not.toContain('<b>book</b>');
    expect(page.body).toContain('Pagina 1 van 3');
    const token = new URL(book.viewerUrl).pathname.split('/').at(-1)!;
    const image = await viewer(`http://x/photo-books/${token}/pages/2/800.webp`);
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(800);
    expect((await viewer(`http://x/photo-books/${token}/pages/4/800.webp`)).statusCode).toBe(404);
    expect((await viewer(`http://x/photo-books/${token}/pages/1/500.webp`)).statusCode).toBe(404);
    expect((await viewer('http://x/photo-books/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);

    const off = await call(owner, 'PUT', `widgets/v1/widget/${book.id}`, { isPublic: false });
    expect(PhotoBookSchema.parse(off.json()).isPublic).toBe(false);
    expect((await viewer(book.viewerUrl)).statusCode).toBe(404);
    expect((await viewer(`http://x/photo-books/${token}/pages/2/800.webp`)).statusCode).toBe(404);

    // Switched on again: a new address works, and the one shared before stays dead.
    const on = PhotoBookSchema.parse(
      (await call(owner, 'PUT', `widgets/v1/widget/${book.id}`, { isPublic: true })).json(),
    );
    expect(on.isPublic).toBe(true);
    expect(on.viewerUrl).toMatch(/^http:\/\/nl\.localhost:8080\/photo-books\/[A-Za-z0-9_-]{22}$/);
    expect(on.viewerUrl).not.toBe(book.viewerUrl);
    expect((await list(owner))[0]!.viewerUrl).toBe(on.viewerUrl);
    expect((await viewer(on.viewerUrl)).statusCode).toBe(200);
    expect((await viewer(`http://x/photo-books/${tokenOf(on)}/pages/2/800.webp`)).statusCode).toBe(200);
    expect((await viewer(book.viewerUrl)).statusCode).toBe(404);
    expect((await viewer(`http://x/photo-books/${token}/pages/2/800.webp`)).statusCode).toBe(404);
    // Saying 'on' to a book that is on changes nothing: the address shared now keeps working.
    const again = await call(owner, 'PUT', `widgets/v1/widget/${book.id}`, { isPublic: true });
    expect(PhotoBookSchema.parse(again.json()).viewerUrl).toBe(on.viewerUrl);
  });

  it('publishes a public book in its storefront’s gallery under a category, owner only', async () => {
    const book = (await list(owner))[0]!;
    const theirs = (await list(stranger))[0]!;
    const categories = await call(owner, 'GET', 'gallery/v1/categories');
    expect(categories.json<Array<{ id: string }>>().map((category) => category.id)).toContain('travel');
    const entryOf = async (who: SignedIn) => {
      const response = await call(who, 'GET', `gallery/v1/galleryentries/${book.id}?channel=NL`);
      return response.statusCode === 200 ? response.json<unknown>() : response.statusCode;
    };
    expect(await entryOf(owner)).toBeNull();
    expect(await entryOf(stranger)).toBe(404);
    expect(
      (
        await call(owner, 'POST', 'gallery/v1/galleryentries/', {
          widgetId: theirs.id,
          channel: 'NL',
          categoryId: 'travel',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(owner, 'POST', 'gallery/v1/galleryentries/', {
          widgetId: book.id,
          channel: 'UK',
          categoryId: 'travel',
        })
      ).statusCode,
    ).toBe(400);
    const created = await call(owner, 'POST', 'gallery/v1/galleryentries/', {
      widgetId: book.id,
      channel: 'NL',
      categoryId: 'travel',
    });
    expect(created.statusCode).toBe(201);
    expect(GalleryEntrySchema.parse(created.json())).toMatchObject({
      widgetId: book.id,
      categoryId: 'travel',
    });
    expect(
      (
        await call(owner, 'POST', 'gallery/v1/galleryentries/', {
          widgetId: book.id,
          channel: 'NL',
          categoryId: 'travel',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await call(stranger, 'PUT', `gallery/v1/galleryentries/${book.id}`, { categoryId: 'family' }))
        .statusCode,
    ).toBe(404);
    const moved = await call(owner, 'PUT', `gallery/v1/galleryentries/${book.id}`, { categoryId: 'family' });
    expect(GalleryEntrySchema.parse(moved.json()).categoryId).toBe('family');
    const read = await call(owner, 'GET', `gallery/v1/galleryentries/${book.id}?channel=NL`);
    expect(GalleryEntrySchema.parse(read.json()).categoryId).toBe('family');
    expect((await call(stranger, 'DELETE', `gallery/v1/galleryentries/${book.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `gallery/v1/galleryentries/${book.id}`)).statusCode).toBe(204);
    expect(await entryOf(owner)).toBeNull();

    // Switching public viewing off takes the book out of the gallery.
    await call(owner, 'POST', 'gallery/v1/galleryentries/', {
      widgetId: book.id,
      channel: 'NL',
      categoryId: 'travel',
    });
    await call(owner, 'PUT', `widgets/v1/widget/${book.id}`, { isPublic: false });
    expect(await entryOf(owner)).toBeNull();
    await call(owner, 'PUT', `widgets/v1/widget/${book.id}`, { isPublic: true });
  });

  it('says which orders cannot become online books and why, for the caller’s own account only', async () => {
    const blocked = await call(owner, 'GET', `gallery/v1/blockedorders/${ownerId}`);
    expect(blocked.json<unknown[]>().map((entry) => BlockedOrderSchema.parse(entry))).toEqual([
      {
        orderCode: 'NL-9100003-1',
        title: 'Wedding',
        productName: 'Photo book A4 hardcover',
        reason: 'licensedContent',
      },
    ]);
    expect((await call(owner, 'GET', `gallery/v1/blockedorders/${strangerId}`)).statusCode).toBe(404);
  });

  it('mails the viewer link in the storefront’s language with the message as text only', async () => {
    const book = (await list(owner))[0]!;
    const valid = {
      vendorId: 'NL',
      fromName: b64('Demi <script>'),
      personalMessage: b64('Kijk eens!\n<img src=x onerror=alert(1)> & meer'),
      toEmailAddress: b64('friend@example.com'),
    };
    expect((await call(owner, 'PUT', shareUrl(book, { ...valid, vendorId: 'UK' }))).statusCode).toBe(400);
    expect(
      (await call(owner, 'PUT', shareUrl(book, { ...valid, toEmailAddress: b64('not-an-address') })))
        .statusCode,
    ).toBe(400);
    expect((await call(owner, 'PUT', shareUrl(book, { ...valid, toEmailAddress: '***' }))).statusCode).toBe(
      400,
    );
    expect((await call(owner, 'PUT', shareUrl(book, { ...valid, fromName: b64('   ') }))).statusCode).toBe(
      400,
    );
    expect((await call(owner, 'PUT', shareUrl(book, { ...valid, fromName: '/w==' }))).statusCode).toBe(400);
    expect(
      (await call(owner, 'PUT', shareUrl(book, { ...valid, personalMessage: b64('x'.repeat(1001)) })))
        .statusCode,
    ).toBe(400);
    expect(await mailsTo(t, 'friend@example.com')).toEqual([]);

    const sent = await call(owner, 'PUT', shareUrl(book, valid));
    expect(sent.statusCode).toBe(204);
    const [mail] = await mailsTo(t, 'friend@example.com');
    expect(mail).toMatchObject({ template: 'widgets.share', locale: 'nl-NL', state: 'sent' });
    expect(mail!.subject).toBe('Demi <script> heeft een fotoboek met je gedeeld');
    expect(mail!.links).toContain(book.viewerUrl);
    expect(mail!.html).not.toContain('<img src=x');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; meer');
    expect(mail!.text).toContain('> Kijk eens!');

    // URL-safe base64 is read as well.
    const urlSafe = Buffer.from('Mooi?>> ü').toString('base64url');
    expect(urlSafe).toMatch(/[-_]/);
    const second = { ...valid, personalMessage: urlSafe, toEmailAddress: b64('friend2@example.com') };
    expect((await call(owner, 'PUT', shareUrl(book, second))).statusCode).toBe(204);
    expect((await mailsTo(t, 'friend2@example.com'))[0]!.text).toContain('> Mooi?>> ü');

    // What was typed loses bidirectional overrides and control characters; the message keeps its lines,
    // and a name of invisible characters only is no name.
    expect(
      (await call(owner, 'PUT', shareUrl(book, { ...valid, fromName: b64('\u202E\u2066\u0007') })))
        .statusCode,
    ).toBe(400);
    const typed = {
      ...valid,
      fromName: b64('Demi\u202E imeD\u202C\n'),
      personalMessage: b64('Voor oma\u2067!\u2069\r\n\tKijk\u0000 eens\u202E.'),
      toEmailAddress: b64('friend3@example.com'),
    };
    expect((await call(owner, 'PUT', shareUrl(book, typed))).statusCode).toBe(204);
    const [cleaned] = await mailsTo(t, 'friend3@example.com');
    expect(cleaned!.subject).toBe('Demi imeD heeft een fotoboek met je gedeeld');
    expect(cleaned!.text).toContain('> Voor oma!\n>  Kijk eens.');
    for (const invisible of ['\u202C', '\u202E', '\u2067', '\u2069', '\u0000', '\u0007']) {
      expect(`${cleaned!.subject}${cleaned!.html ?? ''}${cleaned!.text ?? ''}`).not.toContain(invisible);
    }
  });

  it('refuses to share a book whose public viewing is off', async () => {
    const book = (await list(owner))[0]!;
    await call(owner, 'PUT', `widgets/v1/widget/${book.id}`, { isPublic: false });
    const refused = await call(
      owner,
      'PUT',
      shareUrl(book, { vendorId: 'NL', fromName: b64('Demi'), toEmailAddress: b64('off@example.com') }),
    );
    expect(refused.statusCode).toBe(409);
    await call(owner, 'PUT', `widgets/v1/widget/${book.id}`, { isPublic: true });
  });

  it('limits shares per customer per hour with 429 and sends nothing more', async () => {
    const book = (await list(stranger))[0]!;
    const send = (index: number) =>
      call(
        stranger,
        'PUT',
        shareUrl(book, {
          vendorId: 'NL',
          fromName: b64('Sam'),
          toEmailAddress: b64(`limit${index}@example.com`),
        }),
      );
    for (let index = 0; index < WIDGET_SHARES_PER_HOUR; index += 1)
      expect((await send(index)).statusCode).toBe(204);
    const refused = await send(99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'too_many_requests' } });
    expect(await mailsTo(t, 'limit99@example.com')).toEqual([]);
  });

  it('shows the storefront’s gallery signed out: its published public books only, newest first, by category', async () => {
    const empty = await gallery();
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toBe('no-store');
    expect(empty.body).toContain('<html lang="nl-NL">');
    expect(empty.body).toContain('Hier zijn nog geen fotoboeken gepubliceerd.');

    const trip = await placePhotoBookOrder('NL-9100020', 'demo@example.com');
    await publish(trip, '<script>alert(1)</script> & "Trip"', 1);
    const hidden = await placePhotoBookOrder('NL-9100021', 'demo@example.com');
    await publish(hidden, 'Hidden book', 1);
    const german = await placePhotoBookOrder('NL-9100022', 'demo@example.com');
    await publish(german, 'German book', 1);
    const mine = await list(owner);
    const find = (orderCode: string) => mine.find((widget) => widget.orderCode === orderCode)!;
    const theirs = (await list(stranger))[0]!;
    expect((await inGallery(owner, find(trip), 'travel')).statusCode).toBe(201);
    expect((await inGallery(stranger, theirs, 'family')).statusCode).toBe(201);
    // Entries the gallery must not show: public viewing off (the switch also deletes the entry, so this
    // one is put back behind its back) and one of another storefront.
    await call(owner, 'PUT', `widgets/v1/widget/${find(hidden).id}`, { isPublic: false });
    const repository = createPhotoBooksRepository(t.db);
    await repository.createGalleryEntry(find(hidden).id, 'NL', 'travel');
    await repository.createGalleryEntry(find(german).id, 'DE', 'travel');

    const page = await gallery();
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/<h1>/g)).toHaveLength(1);
    expect(page.body).toContain('2 fotoboeken');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Trip&quot;');
    expect(page.body).not.toContain('Hidden book');
    expect(page.body).not.toContain('German book');
    expect(page.body.indexOf('Their book')).toBeLessThan(page.body.indexOf('&lt;script&gt;'));
    const token = tokenOf(find(trip));
    expect(page.body).toContain(`<a href="/photo-books/${token}">`);
    expect(page.body).toContain(`src="/photo-books/${token}/pages/1/300.webp"`);
    const cover = await viewer(`http://x/photo-books/${token}/pages/1/300.webp`);
    expect(cover.headers['content-type']).toBe('image/webp');

    const travel = await gallery('?category=travel');
    expect(travel.body).toContain('&quot;Trip&quot;');
    expect(travel.body).not.toContain('Their book');
    expect(travel.body).toContain('<a href="/photo-books/gallery?category=travel" aria-current="page">');
    expect((await gallery('?category=family')).body).toContain('Their book');
    expect((await gallery('?category=wedding')).body).toContain(
      'Hier zijn nog geen fotoboeken gepubliceerd.',
    );
    expect((await gallery('?category=unknown')).statusCode).toBe(404);
    expect((await gallery('?page=2')).statusCode).toBe(404);
    expect((await gallery('?page=x')).statusCode).toBe(404);
    const germanGallery = await gallery('', 'de.localhost:8080');
    expect(germanGallery.body).toContain('German book');
    expect(germanGallery.body).toContain('1 Fotobuch');
    expect(germanGallery.body).not.toContain('Their book');

    // Switching public viewing off, or deleting the book, takes it out of the gallery.
    await call(stranger, 'PUT', `widgets/v1/widget/${theirs.id}`, { isPublic: false });
    expect((await gallery()).body).not.toContain('Their book');
    await call(stranger, 'PUT', `widgets/v1/widget/${theirs.id}`, { isPublic: true });
    expect((await call(owner, 'DELETE', `widgets/v1/widget/${find(trip).id}`)).statusCode).toBe(204);
    expect((await gallery()).body).toContain('Hier zijn nog geen fotoboeken gepubliceerd.');
    for (const orderCode of [hidden, german])
      await call(owner, 'DELETE', `widgets/v1/widget/${find(orderCode).id}`);
  });

  it('pages the gallery by the newest, with links to newer and older books', async () => {
    const source = (await list(stranger))[0]!;
    const repository = createPhotoBooksRepository(t.db);
    const [cover] = await repository.pages(source.id);
    // One more book than a page holds; they share the stranger's page images (only listed here).
    for (let index = 0; index <= GALLERY_PAGE_SIZE; index += 1) {
      const orderId = await placePhotoBookOrder(
        `NL-92000${String(index).padStart(2, '0')}`,
        'stranger@example.com',
      );
      const { widget } = await repository.upsert({
        id: uuidv7(),
        orderId,
        ownerId: strangerId,
        storefrontId: 'nl',
        title: `Book number ${index}`,
        productName: 'Photo book A4 hardcover',
        pageCount: 1,
        blockedReason: null,
        viewerToken: `paged-book-token-${String(index).padStart(5, '0')}`,
      });
      await repository.putPage(widget.id, { ...cover!, pageNumber: 1 });
      await repository.createGalleryEntry(widget.id, 'NL', 'nature');
      await t.db.query(
        `UPDATE widget_gallery_entries SET created_at = now() + make_interval(secs => $2) WHERE widget_id = $1`,
        [widget.id, index],
      );
    }
    const first = (await gallery('?category=nature')).body;
    expect(first).toContain(`${GALLERY_PAGE_SIZE + 1} fotoboeken`);
    expect(first).toContain(`Book number ${GALLERY_PAGE_SIZE}<`);
    expect(first).not.toContain('Book number 0<');
    expect(first).toContain('Pagina 1 van 2');
    expect(first).toContain('<a href="/photo-books/gallery?category=nature&amp;page=2" rel="next">');
    expect(first).not.toContain('rel="prev"');
    const second = (await gallery('?category=nature&page=2')).body;
    expect(second).toContain('Book number 0<');
    expect(second).not.toContain('Book number 1<');
    expect(second).toContain('<a href="/photo-books/gallery?category=nature" rel="prev">');
    expect(second).not.toContain('rel="next"');
  });

  it('deletes the caller’s book with its page files; its viewer address then answers 404', async () => {
    const book = (await list(owner))[0]!;
    const { rows } = await t.db.query<{ blob_prefix: string }>(
      'SELECT blob_prefix FROM widget_pages WHERE widget_id = $1',
      [book.id],
    );
    expect(rows).toHaveLength(3);
    expect((await call(stranger, 'DELETE', `widgets/v1/widget/${book.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `widgets/v1/widget/${book.id}`)).statusCode).toBe(204);
    expect((await viewer(book.viewerUrl)).statusCode).toBe(404);
    expect(await list(owner)).toEqual([]);
    expect(await t.blobs.stat(`${rows[0]!.blob_prefix}/800.webp`)).toBeUndefined();
    expect((await call(owner, 'GET', `widgets/v1/widget/${book.id}`)).statusCode).toBe(404);
  });
});
