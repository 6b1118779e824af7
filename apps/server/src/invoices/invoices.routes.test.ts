import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoricalInvoiceSchema } from '@photo/contracts/invoices';
import { z } from 'zod/mini';
import { createAddressesRepository } from '../addresses/addresses.repository';
import { createCustomersRepository } from '../customers/customers.repository';
import { pdfText } from '../testing/pdf-text';
import { signInDemoAccounts, type SignedIn, type SignedInCustomer } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { accountBuyerReader } from './invoice-buyer';
import { createInvoicesRepository } from './invoices.repository';
import { createInvoicesService, type InvoiceBuyer, type InvoiceableOrder } from './invoices.service';

/** pdftotext writes Intl's no-break spaces as they are; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe(`B2B invoices (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let business: SignedInCustomer;
  let otherBusiness: SignedIn;
  let privateCustomer: SignedInCustomer;
  let businessId: string;
  let privateId: string;
  let orderNumber = 0;

  const service = (
    readBuyer = accountBuyerReader({
      customers: createCustomersRepository(t.db),
      addresses: createAddressesRepository(t.db),
    }),
  ) =>
    createInvoicesService({ db: t.db, invoices: createInvoicesRepository(t.db), blobs: t.blobs, readBuyer });
  const order = (overrides: Partial<InvoiceableOrder> = {}): InvoiceableOrder => {
    orderNumber += 1;
    return {
      orderId: `order-${orderNumber}`,
      orderRef: `SO-${1000 + orderNumber}`,
      customerId: businessId,
      storefrontId: 'nl',
      currency: 'EUR',
      lines: [
        { description: 'Photo book A4 landscape', quantity: 3, unitPrice: 1999 },
        { description: 'Prints 10 x 15', quantity: 36, unitPrice: 19 },
      ],
      confirmedAt: '2026-11-20T09:30:00.000Z',
      ...overrides,
    };
  };
  const list = (who: SignedIn) =>
    t.app.inject({ method: 'GET', url: '/api/invoices/api/v1/HistoricalInvoice/me', headers: who.headers });
  const download = (who: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp();
    [business, otherBusiness, privateCustomer] = await signInDemoAccounts(t, [
      'b2b@example.com',
      'b2b-new@example.com',
      'demo@example.com',
    ]);
    businessId = business.customerId;
    privateId = privateCustomer.customerId;
  });
  afterAll(() => t.close());

  it('makes one invoice per confirmed order, lists it, and serves the same PDF bytes every time', async () => {
    const invoice = (await service().issue(order()))!;
    expect(invoice.invoiceNumber).toBe('NL-000001');
    expect(await service().issue({ ...order(), orderId: invoice.orderId })).toMatchObject({ id: invoice.id });
    expect(await service().issue(order({ customerId: privateId }))).toBeUndefined();

    const listed = z.array(HistoricalInvoiceSchema).parse((await list(business)).json());
    expect(listed).toEqual([
      {
        id: invoice.id,
        orderRef: invoice.orderRef,
        channel: 'NL',
        invoiceNumber: 'NL-000001',
        issued: '2026-11-20T09:30:00.000Z',
        grossTotal: 8084,
        currency: 'EUR',
      },
    ]);

    const url = `/api/invoices/api/v1/HistoricalInvoice/me/pdf/${invoice.id}/NL`;
    const first = await download(business, url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toBe('attachment; filename="NL-000001.pdf"');
    const again = await download(business, `/api/invoices/api/v1/InvoiceGroupFiles/me/${invoice.id}`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const text = plain(await pdfText(first.rawPayload));
    expect(text).toContain('Factuur NL-000001');
    expect(text).toContain('20 november 2026');
    expect(text).toMatch(/Photo book A4 landscape\s+3\s+€ 19,99\s+€ 59,97/);
    expect(text).toMatch(/Totaal exclusief btw\s+€ 66,81/);
    expect(text).toMatch(/Btw 21%\s+€ 14,03/);
    expect(text).toMatch(/Totaal inclusief btw\s+€ 80,84/);
    expect(text).toContain('NL999000103B01');
  });

  it('answers 404 for another customer’s invoice or the wrong channel, and 403 to a private customer', async () => {
    const invoice = (await service().issue(order()))!;
    for (const url of [
      `/api/invoices/api/v1/HistoricalInvoice/me/pdf/${invoice.id}/NL`,
      `/api/invoices/api/v1/InvoiceGroupFiles/me/${invoice.id}`,
    ]) {
      expect((await download(otherBusiness, url)).statusCode).toBe(404);
    }
    expect(
      (await download(business, `/api/invoices/api/v1/HistoricalInvoice/me/pdf/${invoice.id}/DE`)).statusCode,
    ).toBe(404);
    expect(
      (await download(business, '/api/invoices/api/v1/InvoiceGroupFiles/me/not-a-uuid')).statusCode,
    ).toBe(404);
    expect((await list(privateCustomer)).statusCode).toBe(403);
    expect((await list(otherBusiness)).json()).toEqual([]);
  });

  it('numbers concurrent invoices of a storefront without gaps, and a concurrent repeat makes no second one', async () => {
    const orders = Array.from({ length: 12 }, () => order({ storefrontId: 'de' }));
    const issued = await Promise.all([
      ...orders.map((one) => service().issue(one)),
      service().issue(orders[0]!),
      service().issue(orders[1]!),
    ]);
    const numbers = new Set(issued.map((invoice) => invoice!.invoiceNumber));
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 12 }, (_v, i) => `DE-${String(i + 1).padStart(6, '0')}`),
    );
    const { rows } = await t.db.query<{ last_number: number }>(
      `SELECT last_number FROM invoice_counters WHERE storefront_id = 'de'`,
    );
    expect(rows[0]!.last_number).toBe(12);
  });

  it('reverse-charges an EU business in another country, from its company details and billing address', async () => {
    const details = await t.app.inject({
      method: 'PUT',
      url: '/api/customers/customers/me',
      headers: otherBusiness.headers,
      payload: {
        salutation: null,
        firstName: 'Nina',
        lastName: 'Novak',
        phone: '',
        dateOfBirth: '',
        companyName: 'Fotostudio Brugge BV',
        vatId: 'BE0123456749',
        chamberOfCommerceNumber: '',
      },
    });
    expect(details.statusCode).toBe(200);
    const address = await t.app.inject({
      method: 'POST',
      url: '/api/customers/customers/me/addresses',
      headers: otherBusiness.headers,
      payload: {
        country: 'BE',
        firstName: 'Nina',
        lastName: 'Novak',
        company: 'Fotostudio Brugge BV',
        street: 'Markt',
        houseNumber: '1',
        addressLine2: '',
        postcode: '8000',
        city: 'Brugge',
        region: '',
        phone: '',
        isDefaultDelivery: true,
        isDefaultBilling: true,
      },
    });
    expect(address.statusCode).toBe(201);
    const otherId = (await createCustomersRepository(t.db).findActiveByEmail('b2b-new@example.com'))!.id;
    const invoice = (await service().issue(order({ storefrontId: 'fr', customerId: otherId })))!;
    expect(invoice.snapshot).toMatchObject({
      vatTreatment: 'reverse-charge',
      vatRate: 0,
      vat: 0,
      gross: 6681,
    });
    const pdf = await download(otherBusiness, `/api/invoices/api/v1/InvoiceGroupFiles/me/${invoice.id}`);
    const text = plain(await pdfText(pdf.rawPayload));
    expect(text).toContain('Facture FR-000001');
    expect(text).toContain('Fotostudio Brugge BV');
    expect(text).toContain('8000 Brugge');
    expect(text).toContain('BE0123456749');
    expect(text).toMatch(/TVA 0 %\s+0,00 €/);
    expect(text).toMatch(/Total TVA comprise\s+66,81 €/);
    expect(text).toContain('Autoliquidation');
  });

  it('charges the buyer country’s VAT to an EU buyer without a VAT id, in the storefront’s currency', async () => {
    const germanBuyer = async (): Promise<InvoiceBuyer> => ({
      isB2B: true,
      companyName: 'Foto Müller',
      addressLines: ['Hauptstraße 5', '80331 München'],
      country: 'DE',
      vatId: null,
    });
    const invoice = (await service(germanBuyer).issue(order({ storefrontId: 'se', currency: 'SEK' })))!;
    expect(invoice.snapshot).toMatchObject({
      vatTreatment: 'destination',
      vatRate: 1900,
      vat: 1269,
      gross: 7950,
    });
    const text = plain(
      await pdfText(
        (await download(business, `/api/invoices/api/v1/InvoiceGroupFiles/me/${invoice.id}`)).rawPayload,
      ),
    );
    expect(text).toMatch(/Summa inklusive moms\s+79,50 kr/);
  });

  it('invoices a business customer’s order when the shop confirms it, and no private customer’s', async () => {
    const shop = t.app.shopApi.orders;
    const place = (code: string, accountId: string) =>
      shop.putSuperOrder(code, {
        accountId,
        storefront: 'at',
        createdAt: '2026-11-21T08:00:00Z',
        changedAt: '2026-11-21T08:00:00Z',
        deliveryType: 'Home',
        deliveryPrice: 399,
        deliveryAddress: {
          firstName: 'Bram',
          lastName: 'Bakker',
          street: 'Ring',
          houseNumber: '1',
          postcode: '1010',
          city: 'Wien',
          country: 'AT',
          company: '',
          addressLine2: '',
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
                articleName: 'Fotobuch A4',
                articleGroup: 'photoBooks',
                quantity: 2,
                unitPrice: 3495,
              },
            ],
          },
        ],
      });
    await place('AT-5001', businessId);
    await place('AT-5002', privateId);
    await t.app.jobs.drain();
    const before = z.array(HistoricalInvoiceSchema).parse((await list(business)).json());
    expect(before.some((invoice) => invoice.orderRef === 'AT-5001')).toBe(false);

    await shop.putState('AT-5001-1', 'Confirmed', '2026-11-21T08:05:00Z');
    await shop.putState('AT-5002-1', 'Confirmed', '2026-11-21T08:05:00Z');
    await shop.putState('AT-5001-1', 'ProductionStarted', '2026-11-21T09:00:00Z');
    await t.app.jobs.drain();
    const invoices = z.array(HistoricalInvoiceSchema).parse((await list(business)).json());
    const made = invoices.filter((invoice) => invoice.orderRef === 'AT-5001');
    expect(made).toEqual([
      // 2 x € 34,95 and € 3,99 delivery, net € 73,89, with 20 % VAT.
      expect.objectContaining({ invoiceNumber: 'AT-000001', channel: 'AT', grossTotal: 8867 }),
    ]);
    const { rows } = await t.db.query(`SELECT 1 FROM invoices WHERE order_id = 'AT-5002-1'`);
    expect(rows).toEqual([]);
    const text = plain(
      await pdfText(
        (await download(business, `/api/invoices/api/v1/InvoiceGroupFiles/me/${made[0]!.id}`)).rawPayload,
      ),
    );
    expect(text).toContain('Rechnung AT-000001');
    expect(text).toContain('21. November 2026');
    expect(text).toMatch(/Versand\s+1\s+€ 3,99\s+€ 3,99/);
    expect(text).toMatch(/USt\. 20 %\s+€ 14,78/);
  });
});
