import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ErrorBodySchema } from '@photo/contracts/errors';
import { CustomerPdfSchema, ProductSchema } from '@photo/contracts/products';
import { ShopPdfArchiveSchema, ShopPdfSchema, shopPdfsApi } from '@photo/contracts/shop-pdfs';
import { createCustomersRepository } from '../customers/customers.repository';
import { seedDemoAccounts } from '../demo/demo-accounts';
import { mapPosterDocument, zipFiles } from '../demo/demo-pdfs';
import { renderPdf, type PdfContent } from '../platform/pdf-renderer';
import { shopPath } from '../shop-api/shop-api.router';
import { pdfLanguage, pdfText } from '../testing/pdf-text';
import { signIn, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { insertTestOrder } from '../testing/test-orders';

const TOKEN = 'shop-token-for-tests-0123456789abcdef';
const ENTRY = 'print-files/map-poster-utrecht.pdf';

describe(`PDFs and product information (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let owner: SignedIn;
  let stranger: SignedIn;
  let ownerId: string;
  let poster: Buffer;

  const shop = (method: 'PUT', url: string, payload: Buffer | object, contentType?: string) =>
    t.app.inject({
      method,
      url,
      headers: {
        host: '127.0.0.1',
        authorization: `Bearer ${TOKEN}`,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      payload,
    });
  const putArchive = (orderId: string, zip: Buffer, contentType = 'application/zip') =>
    shop('PUT', shopPath(shopPdfsApi.putOrderPdfArchive, { orderId }), zip, contentType);
  const putPdf = (code: string, body: object) => shop('PUT', shopPath(shopPdfsApi.putPdf, { code }), body);
  const get = (who: SignedIn | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who?.headers ?? { host: 'nl.localhost:8080' } });
  const list = async (who: SignedIn) =>
    z.array(CustomerPdfSchema).parse((await get(who, '/api/products/v1/Pdfs/me')).json());
  const errorOf = (response: { json: () => unknown }) => ErrorBodySchema.parse(response.json()).error;
  const ShopProductResultSchema = shopPdfsApi.putProductFile.response;

  /** An order of the owner's with the map poster's zip and its PDF named `code`. */
  async function orderWithPoster(code: string) {
    const { code: orderCode, orderId } = await insertTestOrder(t.db, ownerId);
    const zip = await zipFiles([
      { name: ENTRY, data: poster },
      { name: 'print-files/readme.txt', data: Buffer.from('not a pdf') },
    ]);
    expect((await putArchive(orderId, zip)).statusCode).toBe(200);
    const named = await putPdf(code, {
      orderId,
      lineId: 'l1',
      entry: ENTRY,
      name: 'Map poster – Utrecht',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    expect(named.statusCode).toBe(200);
    return { orderCode, orderId };
  }

  beforeAll(async () => {
    t = await createTestApp({ SHOP_API_TOKEN: TOKEN });
    const customers = createCustomersRepository(t.db);
    await seedDemoAccounts(customers);
    owner = await signIn(t, { email: 'demo@example.com' });
    stranger = await signIn(t, { email: 'b2b@example.com' });
    ownerId = (await customers.findActiveByEmail('demo@example.com'))!.id;
    poster = await renderPdf(
      mapPosterDocument({
        place: 'Utrecht',
        coordinates: '52.0907° N, 5.1214° E',
        orderCode: 'SO-TEST',
        productCode: 'WALL_POSTER_A1',
        createdAt: new Date('2026-11-20T10:00:00.000Z'),
      }),
    );
  });
  afterAll(() => t.close());

  it('takes an order’s zip once, lists its PDFs and refuses what is not a zip', async () => {
    const { orderId } = await insertTestOrder(t.db, ownerId);
    const zip = await zipFiles([{ name: ENTRY, data: poster }]);
    const url = shopPath(shopPdfsApi.putOrderPdfArchive, { orderId });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url,
          payload: zip,
          headers: { 'content-type': 'application/zip' },
        })
      ).statusCode,
    ).toBe(401);
    const first = ShopPdfArchiveSchema.parse((await putArchive(orderId, zip)).json());
    expect(first).toMatchObject({ orderId, applied: true, size: zip.length, pdfEntries: [ENTRY] });
    const again = ShopPdfArchiveSchema.parse((await putArchive(orderId, zip)).json());
    expect(again).toMatchObject({ applied: false, sha256: first.sha256 });

    const junk = await putArchive(orderId, Buffer.from('PK this is no zip at all'));
    expect(junk.statusCode).toBe(400);
    expect(errorOf(junk).message).toMatch(/not a zip/);
    expect((await putArchive(orderId, zip, 'text/plain')).statusCode).toBe(415);
    expect((await putArchive('no-such-order', zip)).statusCode).toBe(404);
    // The refused zip left the stored one as it was.
    expect(ShopPdfArchiveSchema.parse((await putArchive(orderId, zip)).json()).applied).toBe(false);
  });

  it('names a PDF only when the order, its line and a PDF entry exist, and keeps a code with its order', async () => {
    const { orderId } = await orderWithPoster('PDF-NAMING');
    const body = {
      orderId,
      lineId: 'l1',
      entry: ENTRY,
      name: 'Poster',
      createdAt: '2026-11-20T10:00:00.000Z',
    };
    const again = await putPdf('PDF-NAMING', body);
    expect(ShopPdfSchema.parse(again.json())).toMatchObject({
      code: 'PDF-NAMING',
      customerId: ownerId,
      name: 'Poster',
    });
    expect((await putPdf('PDF-X', { ...body, lineId: 'l9' })).statusCode).toBe(400);
    expect((await putPdf('PDF-X', { ...body, entry: 'missing.pdf' })).statusCode).toBe(400);
    const notPdf = await putPdf('PDF-X', { ...body, entry: 'print-files/readme.txt' });
    expect(errorOf(notPdf).message).toMatch(/not a PDF/);
    expect((await putPdf('PDF-X', { ...body, orderId: 'no-such-order' })).statusCode).toBe(404);
    const { orderId: withoutZip } = await insertTestOrder(t.db, ownerId);
    expect((await putPdf('PDF-X', { ...body, orderId: withoutZip })).statusCode).toBe(409);
    const other = await orderWithPoster('PDF-OTHER');
    expect((await putPdf('PDF-NAMING', { ...body, orderId: other.orderId })).statusCode).toBe(409);
  });

  it('lists the owner’s PDFs and serves one out of the zip as a PDF download; others get 404', async () => {
    const { orderCode } = await orderWithPoster('MAP-UTRECHT');
    const listed = (await list(owner)).find((pdf) => pdf.code === 'MAP-UTRECHT');
    expect(listed).toEqual({
      code: 'MAP-UTRECHT',
      name: 'Map poster – Utrecht',
      orderCode,
      productCode: 'BOOK_A4_HARD',
      // Named as the catalogue sells it to the Dutch reader, whatever the order line said ('Photo book').
      product: 'Fotoboek A4 21 × 30 cm',
      date: '2026-11-20T10:00:00.000Z',
    });
    expect(await list(stranger)).toEqual([]);

    const file = await get(owner, '/api/products/v1/pdf/me/MAP-UTRECHT');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Map poster _ Utrecht.pdf"; filename*=UTF-8''Map%20poster%20%E2%80%93%20Utrecht.pdf`,
    );
    expect(file.rawPayload.equals(poster)).toBe(true);
    const text = await pdfText(file.rawPayload);
    expect(text).toContain('UTRECHT');
    expect(text).toContain('52.0907° N, 5.1214° E');

    const foreign = await get(stranger, '/api/products/v1/pdf/me/MAP-UTRECHT');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Utrecht');
    expect((await get(owner, '/api/products/v1/pdf/me/NO-SUCH-CODE')).statusCode).toBe(404);
    expect((await get(owner, '/api/products/v1/pdf/me/..%2F..%2Fetc')).statusCode).toBe(404);
    expect((await get(undefined, '/api/products/v1/pdf/me/MAP-UTRECHT')).statusCode).toBe(401);
  });

  it('says so clearly when the stored zip is damaged or no longer holds the PDF', async () => {
    const { orderId } = await orderWithPoster('MAP-DAMAGED');
    const { rows } = await t.db.query<{ blob_key: string }>(
      'SELECT blob_key FROM order_pdf_archives WHERE order_id = $1',
      [orderId],
    );
    const key = rows[0]!.blob_key;
    const stored = await t.blobs.stat(key);
    // Same size, every byte overwritten: the directory cannot be found.
    await t.blobs.put(key, Buffer.alloc(stored!.size, 0x41));
    const damaged = await get(owner, '/api/products/v1/pdf/me/MAP-DAMAGED');
    expect(damaged.statusCode).toBe(502);
    expect(errorOf(damaged)).toMatchObject({ code: 'file_unavailable' });
    expect(errorOf(damaged).message).toMatch(/damaged/);
  });

  it('replaces the PDF list with the zip: a PDF the new zip lacks is no longer listed nor offered', async () => {
    const { orderId } = await orderWithPoster('MAP-REPLACED');
    const { rows } = await t.db.query<{ blob_key: string }>(
      'SELECT blob_key FROM order_pdf_archives WHERE order_id = $1',
      [orderId],
    );
    const replaced = await putArchive(
      orderId,
      await zipFiles([{ name: 'print-files/other.pdf', data: poster }]),
    );
    expect(ShopPdfArchiveSchema.parse(replaced.json())).toMatchObject({
      applied: true,
      pdfEntries: ['print-files/other.pdf'],
      removedPdfs: ['MAP-REPLACED'],
    });
    expect((await list(owner)).map((pdf) => pdf.code)).not.toContain('MAP-REPLACED');
    expect((await get(owner, '/api/products/v1/pdf/me/MAP-REPLACED')).statusCode).toBe(404);
    expect(await t.blobs.stat(rows[0]!.blob_key)).toBeUndefined();
  });

  it('answers product information and offers its product.pdf for download', async () => {
    const productUrl = shopPath(shopPdfsApi.putProduct, { code: 'MAP_POSTER_50x70' });
    const fileUrl = `${shopPath(shopPdfsApi.putProductFile, { code: 'MAP_POSTER_50x70', purpose: 'product.pdf' })}?fileName=map-poster-sheet.pdf`;
    expect((await shop('PUT', fileUrl, poster, 'application/pdf')).statusCode).toBe(404);
    const info = {
      name: 'Map poster 50 × 70',
      description: 'A map of your place',
      changedAt: '2026-11-01T00:00:00.000Z',
    };
    expect((await shop('PUT', productUrl, info)).json()).toMatchObject({ applied: true });
    expect(
      (
        await shop('PUT', productUrl, { ...info, name: 'Older', changedAt: '2026-10-01T00:00:00.000Z' })
      ).json(),
    ).toMatchObject({ applied: false });

    // A product without a product.pdf: nothing to download.
    const bare = ProductSchema.parse((await get(owner, '/api/products/v1/Products/MAP_POSTER_50x70')).json());
    expect(bare).toEqual({
      code: 'MAP_POSTER_50x70',
      name: 'Map poster 50 × 70',
      description: 'A map of your place',
      files: [],
      productPdfUrl: null,
    });
    expect(
      (await get(owner, '/api/products/v1/Products/MAP_POSTER_50x70/files/product.pdf')).statusCode,
    ).toBe(404);

    expect((await shop('PUT', fileUrl, Buffer.from('just text'), 'application/pdf')).statusCode).toBe(400);
    expect((await shop('PUT', fileUrl, poster, 'image/png')).statusCode).toBe(400);
    expect((await shop('PUT', fileUrl, poster, 'application/pdf')).json()).toMatchObject({ applied: true });
    expect((await shop('PUT', fileUrl, poster, 'application/pdf')).json()).toMatchObject({ applied: false });

    const product = ProductSchema.parse(
      (await get(stranger, '/api/products/v1/Products/MAP_POSTER_50x70')).json(),
    );
    expect(product.productPdfUrl).toBe('/api/products/v1/Products/MAP_POSTER_50x70/files/product.pdf');
    expect(product.files).toEqual([
      expect.objectContaining({
        purpose: 'product.pdf',
        fileName: 'map-poster-sheet.pdf',
        size: poster.length,
      }),
    ]);
    const sheet = await get(owner, product.productPdfUrl!);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    expect(sheet.headers['content-disposition']).toBe('attachment; filename="map-poster-sheet.pdf"');
    expect(sheet.rawPayload.equals(poster)).toBe(true);

    expect((await get(owner, '/api/products/v1/Products/NO_SUCH_PRODUCT')).statusCode).toBe(404);
    expect((await get(undefined, '/api/products/v1/Products/MAP_POSTER_50x70')).statusCode).toBe(401);
  });

  it('serves a product’s file in the reader’s language, else the same language of another region, else the default', async () => {
    const code = 'WALL_POSTER_A2';
    const sheet = (language: string, title: string): PdfContent => ({
      title,
      language,
      author: 'Photo shop',
      createdAt: new Date('2026-01-01T00:00:00.000Z'),
      blocks: [{ kind: 'heading', text: title }],
    });
    const english = await renderPdf(sheet('en-GB', 'Poster – product sheet'));
    const dutch = await renderPdf(sheet('nl-NL', 'Poster – productinformatie'));
    const putSheet = (pdf: Buffer, query: string) =>
      shop(
        'PUT',
        `${shopPath(shopPdfsApi.putProductFile, { code, purpose: 'product.pdf' })}?${query}`,
        pdf,
        'application/pdf',
      );
    await shop('PUT', shopPath(shopPdfsApi.putProduct, { code }), {
      name: 'Poster A2',
      description: 'Satin poster paper',
      changedAt: '2026-11-01T00:00:00.000Z',
    });
    expect((await putSheet(english, 'fileName=poster.pdf')).json()).toMatchObject({ applied: true });
    // The shop's tag is kept in its canonical form; a Dutch file does not replace the default.
    const sent = ShopProductResultSchema.parse(
      (await putSheet(dutch, 'fileName=poster.pdf&language=nl-nl')).json(),
    );
    expect(sent.applied).toBe(true);
    expect(sent.product.files.map((file) => [file.language, file.size])).toEqual([
      [null, english.length],
      ['nl-NL', dutch.length],
    ]);
    expect((await putSheet(dutch, 'fileName=poster.pdf&language=nl-NL')).json()).toMatchObject({
      applied: false,
    });
    for (const refused of ['Dutch', 'nl_NL', 'nl-NL-u-ca-gregory', 'x-private']) {
      const answer = await putSheet(dutch, `fileName=poster.pdf&language=${refused}`);
      expect(answer.statusCode).toBe(400);
      expect(errorOf(answer).message).toMatch(/^query\.language/);
    }

    const readers = {
      nl: owner,
      be: await signIn(t, { email: 'demo@example.com', host: 'be.localhost:8080' }),
      uk: await signIn(t, { email: 'demo@example.com', host: 'uk.localhost:8080' }),
    };
    const productFor = async (reader: SignedIn) =>
      ProductSchema.parse((await get(reader, `/api/products/v1/Products/${code}`)).json());
    const sheetUrl = `/api/products/v1/Products/${code}/files/product.pdf`;
    const nlProduct = await productFor(readers.nl);
    // Named as the catalogue names it in the reader's language, not with the shop's one name.
    expect(nlProduct).toMatchObject({ name: 'Poster 42 × 59,4 cm', productPdfUrl: sheetUrl });
    expect(nlProduct.files).toEqual([expect.objectContaining({ language: 'nl-NL', size: dutch.length })]);
    expect(await productFor(readers.be)).toMatchObject({
      name: 'Poster 42 × 59,4 cm',
      productPdfUrl: sheetUrl,
    });
    const ukProduct = await productFor(readers.uk);
    expect(ukProduct).toMatchObject({ name: 'Poster 42 × 59.4 cm', productPdfUrl: sheetUrl });
    expect(ukProduct.files).toEqual([expect.objectContaining({ language: null, size: english.length })]);

    for (const [reader, bytes, language] of [
      [readers.nl, dutch, 'nl-NL'],
      // nl-BE reads the Netherlands' Dutch sheet, and the answer says it is nl-NL.
      [readers.be, dutch, 'nl-NL'],
      [readers.uk, english, undefined],
    ] as const) {
      const download = await get(reader, sheetUrl);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(bytes)).toBe(true);
      expect(download.headers['content-language']).toBe(language);
      expect(download.headers.vary).toMatch(/accept-language/i);
    }
    expect(pdfLanguage((await get(readers.nl, sheetUrl)).rawPayload)).toBe('nl-NL');
    // A Belgian reading French has no French sheet: the default, which claims no language.
    const french = await t.app.inject({
      method: 'GET',
      url: sheetUrl,
      headers: { ...readers.be.headers, 'accept-language': 'fr-BE,fr;q=0.9' },
    });
    expect(french.rawPayload.equals(english)).toBe(true);
    expect(french.headers['content-language']).toBeUndefined();
  });

  it('offers no file to a reader whose language the product has none in, and no default', async () => {
    const code = 'CARD_XMAS_10';
    await shop('PUT', shopPath(shopPdfsApi.putProduct, { code }), {
      name: 'Christmas cards',
      changedAt: '2026-11-01T00:00:00.000Z',
    });
    const german = await renderPdf({
      title: 'Weihnachtskarten',
      language: 'de-AT',
      author: 'Photo shop',
      createdAt: new Date('2026-01-01T00:00:00.000Z'),
      blocks: [{ kind: 'heading', text: 'Weihnachtskarten' }],
    });
    const url = `${shopPath(shopPdfsApi.putProductFile, { code, purpose: 'product.pdf' })}?fileName=karten.pdf&language=de`;
    expect((await shop('PUT', url, german, 'application/pdf')).json()).toMatchObject({ applied: true });

    const dutchReader = ProductSchema.parse((await get(owner, `/api/products/v1/Products/${code}`)).json());
    expect(dutchReader).toMatchObject({ files: [], productPdfUrl: null });
    expect((await get(owner, `/api/products/v1/Products/${code}/files/product.pdf`)).statusCode).toBe(404);
    // A language without a region is every region's: de-AT reads it.
    const austrian = await signIn(t, { email: 'demo@example.com', host: 'at.localhost:8080' });
    const download = await get(austrian, `/api/products/v1/Products/${code}/files/product.pdf`);
    expect(download.rawPayload.equals(german)).toBe(true);
    expect(download.headers['content-language']).toBe('de');
  });
});
