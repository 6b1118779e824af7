import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, serviceBasePath } from '@photo/contracts/endpoint';
import { ordersApi, SuperOrderDetailsSchema, SuperOrderListSchema } from '@photo/contracts/orders';
import { pdfFilePath, ProductSchema, productsApi } from '@photo/contracts/products';
import { createCustomersRepository } from '../customers/customers.repository';
import { createMerchandiseService } from '../merchandise/merchandise.service';
import { storefronts } from '../storefronts/storefronts';
import { pdfInfo, pdfLanguage, pdfText } from '../testing/pdf-text';
import { signIn, type SignedIn } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { findDemoAccounts, seedDemoAccounts } from './demo-accounts';
import { demoCatalogue, seedDemoOrders } from './demo-orders';
import { demoSheetLocales, seedDemoPdfs } from './demo-pdfs';

const SHEET = 'product.pdf';
const sheetUrl = (code: string) => `/api/products/v1/Products/${code}/files/${SHEET}`;

describe('demo product sheets', () => {
  let t: TestApp;
  let customerIds: string[];
  let dutchReader: SignedIn;
  const merchandise = createMerchandiseService();

  beforeAll(async () => {
    t = await createTestApp();
    const customers = createCustomersRepository(t.db);
    await seedDemoAccounts(customers);
    const accounts = await findDemoAccounts(customers);
    await seedDemoOrders(t.db, t.app.shopApi.orders, accounts, new Date());
    customerIds = accounts.map((account) => account.id);
    await seedDemoPdfs(t.db, t.app.shopApi, customerIds);
    dutchReader = await signIn(t, { email: 'demo@example.com', host: 'nl.localhost:8080' });
  });
  afterAll(() => t.close());

  it('sends the poster’s and the photo book’s sheet in each of the ten languages, each PDF tagged with its own, once', async () => {
    for (const product of [demoCatalogue.poster, demoCatalogue.photoBook]) {
      for (const locale of demoSheetLocales) {
        const file = await t.app.shopApi.products.file(product.code, SHEET, locale);
        expect(file.language).toBe(locale);
        const pdf = await buffer(await t.blobs.read(file.blobKey));
        expect(pdfLanguage(pdf)).toBe(locale);
        // Titled with the name the catalogue gives the product in that language.
        const storefront = storefronts.find((candidate) => candidate.locales.includes(locale))!;
        const name = merchandise.productName(storefront.id, product.code, locale, '(not in the catalogue)');
        expect((await pdfInfo(pdf)).Title).toContain(name);
      }
    }
    const countFiles = async () =>
      (await t.db.query('SELECT language, blob_key FROM product_information_files ORDER BY 1')).rows;
    const before = await countFiles();
    expect(before).toHaveLength(2 * demoSheetLocales.length);
    expect(await seedDemoPdfs(t.db, t.app.shopApi, customerIds)).toBe(0);
    expect(await countFiles()).toEqual(before);
  });

  it('gives a reader on the Dutch storefront the Dutch sheet, from the product and from their order', async () => {
    const product = ProductSchema.parse(
      (
        await t.app.inject({
          url: `/api/products/v1/Products/${demoCatalogue.poster.code}`,
          headers: dutchReader.headers,
        })
      ).json(),
    );
    expect(product).toMatchObject({
      name: 'Poster 42 × 59,4 cm',
      productPdfUrl: sheetUrl(demoCatalogue.poster.code),
    });
    expect(product.files).toEqual([expect.objectContaining({ purpose: SHEET, language: 'nl-NL' })]);

    const sheet = await t.app.inject({ url: product.productPdfUrl!, headers: dutchReader.headers });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    expect(sheet.headers['content-language']).toBe('nl-NL');
    expect((await pdfInfo(sheet.rawPayload)).Title).toBe('Poster 42 × 59,4 cm – productinformatie');
    const text = await pdfText(sheet.rawPayload);
    expect(text).toContain('Poster 42 × 59,4 cm');
    expect(text).toMatch(/Papier\s+200 g\/m², zijdeglans/);

    // The order details' link is the same address, and the same Dutch sheet.
    const get = async (address: string) =>
      (
        await t.app.inject({ url: `${serviceBasePath('orders')}${address}`, headers: dutchReader.headers })
      ).json<unknown>();
    const list = SuperOrderListSchema.parse(await get(buildPath(ordersApi.myOrders.path, {})));
    const withPoster = list.items.find((item) =>
      item.orders.some((order) => order.products.some((line) => line.code === demoCatalogue.poster.code)),
    )!;
    const details = SuperOrderDetailsSchema.parse(
      await get(buildPath(ordersApi.superOrder.path, { orderCode: withPoster.orderCode })),
    );
    const line = details.orders
      .flatMap((order) => order.products)
      .find((candidate) => candidate.code === demoCatalogue.poster.code)!;
    expect(line).toMatchObject({ articleName: 'Poster 42 × 59,4 cm', productPdfUrl: product.productPdfUrl });
  });

  it('makes every print file a page of its product’s size plus its bleed, not A4', async () => {
    const get = (address: string) =>
      t.app.inject({ url: `${serviceBasePath('products')}${address}`, headers: dutchReader.headers });
    const pdfs = productsApi.pdfs.response.parse((await get('/v1/Pdfs/me')).json());
    expect(pdfs.length).toBeGreaterThan(0);
    const points = (mm: number) => (mm * 72) / 25.4;
    const numbers = (field: string | undefined) => (field ?? '').trim().split(/\s+/).map(Number);
    const productsWithPrintFiles = new Set<string>();
    for (const pdf of pdfs) {
      productsWithPrintFiles.add(pdf.productCode);
      const page = merchandise.printPage(pdf.productCode)!;
      const file = await get(pdfFilePath(pdf.code));
      expect(file.statusCode).toBe(200);
      const info = await pdfInfo(file.rawPayload, { boxes: true });
      const [width, height] = /^([\d.]+) x ([\d.]+) pts/.exec(info['Page size']!)!.slice(1).map(Number);
      expect(width).toBeCloseTo(points(page.widthMm + 2 * page.bleedMm), 1);
      expect(height).toBeCloseTo(points(page.heightMm + 2 * page.bleedMm), 1);
      // Where to cut: the product's own size, the bleed around it.
      const [left, bottom, right, top] = numbers(info.TrimBox);
      expect(right! - left!).toBeCloseTo(points(page.widthMm), 1);
      expect(top! - bottom!).toBeCloseTo(points(page.heightMm), 1);
      expect(left).toBeCloseTo(points(page.bleedMm), 1);
    }
    expect([...productsWithPrintFiles]).toEqual([demoCatalogue.poster.code]);
    // The A2 poster: 420 × 594 mm, printed 3 mm past the cut on every side, so 426 × 600 mm.
    expect(merchandise.printPage(demoCatalogue.poster.code)).toEqual({
      widthMm: 420,
      heightMm: 594,
      bleedMm: 3,
    });
  });
});
