import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoricalInvoiceSchema } from '@photo/contracts/invoices';
import { z } from 'zod/mini';
import { createAddressesRepository } from '../addresses/addresses.repository';
import { createCustomersRepository } from '../customers/customers.repository';
import { pdfText } from '../testing/pdf-text';
import { signInDemoAccounts, type SignedIn, type SignedInCustomer } from '../testing/sign-in';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedDemoCompanies } from '../demo/demo-accounts';
import { testAddressInput } from '../testing/test-addresses';
import { parseVatId } from '../customers/vat-ids';
import { enqueueJob } from '../platform/job-queue';
import { accountBuyerReader } from './invoice-buyer';
import { INVOICE_CREDIT_JOB, INVOICE_ISSUE_JOB } from './invoice-jobs';
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
  const warnings: unknown[][] = [];

  const service = (
    readBuyer = accountBuyerReader({
      customers: createCustomersRepository(t.db),
      addresses: createAddressesRepository(t.db),
    }),
  ) =>
    createInvoicesService({
      db: t.db,
      invoices: createInvoicesRepository(t.db),
      blobs: t.blobs,
      readBuyer,
      logger: { warn: (...args: unknown[]) => void warnings.push(args) },
    });
  const order = (overrides: Partial<InvoiceableOrder> = {}): InvoiceableOrder => {
    orderNumber += 1;
    return {
      orderId: `order-${orderNumber}`,
      orderRef: `SO-${1000 + orderNumber}`,
      customerId: businessId,
      storefrontId: 'nl',
      currency: 'EUR',
      lines: [
        { description: 'Photo book A4 landscape', quantity: 3, unitPrice: 1999, supply: 'goods' },
        { description: 'Prints 10 x 15', quantity: 36, unitPrice: 19, supply: 'goods' },
      ],
      confirmedAt: '2026-11-20T09:30:00.000Z',
      ...overrides,
    };
  };
  const list = (who: SignedIn) =>
    t.app.inject({ method: 'GET', url: '/api/invoices/api/v1/HistoricalInvoice/me', headers: who.headers });
  const download = (who: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

  /** The shop places an order of two photo books and delivery, paid, delivered in Vienna. */
  const place = (code: string, accountId: string, storefront = 'at') =>
    t.app.shopApi.orders.putSuperOrder(code, {
      accountId,
      storefront,
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
          paymentStatus: 'paymentSuccess',
          paymentChangedDate: '2026-11-20T23:10:00Z',
          paymentMethod: 'card',
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

  beforeAll(async () => {
    t = await createTestApp();
    [business, otherBusiness, privateCustomer] = await signInDemoAccounts(t, [
      'b2b@example.com',
      'b2b-new@example.com',
      'demo@example.com',
    ]);
    await seedDemoCompanies(t.db);
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
        issuedOn: '2026-11-20',
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
    // Art. 226: the seller with its country, VAT id and company registration ...
    for (const seller of ['PhotoShop Nederland B.V.', 'Fotostraat 1', '1011 AB Amsterdam', 'Nederland']) {
      expect(text).toContain(seller);
    }
    expect(text).toMatch(/Ons btw-nummer\s+NL999000123B01/);
    expect(text).toMatch(/Inschrijving handelsregister\s+KvK 99900103/);
    // ... the buyer's company, address and VAT id ...
    for (const buyer of ['Bakker Fotografie B.V.', 'Keizersgracht 100', '1015 CV Amsterdam']) {
      expect(text).toContain(buyer);
    }
    expect(text).toMatch(/Uw btw-nummer\s+NL004495445B01/);
    // ... the invoice and supply dates, the lines with their rate, and net, VAT and gross per rate ...
    expect(text).toMatch(/Factuurdatum\s+20 november 2026/);
    expect(text).toMatch(/Leveringsdatum\s+20 november 2026/);
    expect(text).toMatch(/Photo book A4 landscape\s+3\s+€ 19,99\s+21%\s+€ 59,97/);
    expect(text).toMatch(/21%\s+€ 66,81\s+€ 14,03\s+€ 80,84/);
    expect(text).toMatch(/Totaal\s+€ 66,81\s+€ 14,03\s+€ 80,84/);
    // ... and how to pay.
    expect(text).toContain(
      'Te betalen binnen 30 dagen, uiterlijk op 20 december 2026, onder vermelding van NL-000001.',
    );
    expect(text).toContain('IBAN NL79PHOT0999000103');
    expect(invoice.missingDetails).toEqual([]);
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

  it('issues an incomplete account’s invoice with the status and a log line naming what is missing', async () => {
    const newId = (await createCustomersRepository(t.db).findActiveByEmail('b2b-new@example.com'))!.id;
    const invoice = (await service().issue(order({ customerId: newId, storefrontId: 'be' })))!;
    expect(invoice.missingDetails).toEqual(['companyName', 'address', 'vatId']);
    const { rows } = await t.db.query<{ missing_details: string[] }>(
      'SELECT missing_details FROM invoices WHERE id = $1',
      [invoice.id],
    );
    expect(rows[0]!.missing_details).toEqual(['companyName', 'address', 'vatId']);
    expect(warnings).toContainEqual([
      {
        invoiceNumber: invoice.invoiceNumber,
        customerId: newId,
        missing: ['companyName', 'address', 'vatId'],
      },
      'invoice issued with buyer details missing',
    ]);
    // The holder's name, and the seller's own VAT: nothing is exempted on details the account lacks.
    expect(invoice.snapshot).toMatchObject({ buyer: { companyName: 'Nina Novak', vatId: null }, vat: 1403 });
  });

  it('exempts goods to an EU business in another country as an intra-Community supply, from its company details and billing address', async () => {
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
    expect(invoice.missingDetails).toEqual([]);
    expect(invoice.snapshot).toMatchObject({
      rates: [{ treatment: 'intra-community-supply', rate: 0, net: 6681, vat: 0, gross: 6681 }],
      vat: 0,
      gross: 6681,
    });
    const pdf = await download(otherBusiness, `/api/invoices/api/v1/InvoiceGroupFiles/me/${invoice.id}`);
    const text = plain(await pdfText(pdf.rawPayload));
    expect(text).toContain('Facture FR-000001');
    expect(text).toContain('Fotostudio Brugge BV');
    expect(text).toContain('8000 Brugge');
    expect(text).toContain('Belgique');
    expect(text).toMatch(/Votre numéro de TVA\s+BE0123456749/);
    expect(text).toMatch(/Total\s+66,81 €\s+0,00 €\s+66,81 €/);
    expect(text).toContain(
      'Livraison intracommunautaire exonérée de TVA (article 138 de la directive 2006/112/CE).',
    );
    expect(text).not.toContain('Autoliquidation');
  });

  it('charges the buyer country’s VAT to an EU buyer without a VAT id, in the storefront’s currency', async () => {
    const germanBuyer = async (): Promise<InvoiceBuyer> => ({
      isB2B: true,
      companyName: 'Foto Müller',
      holderName: 'Max Müller',
      addressLines: ['Hauptstraße 5', '80331 München'],
      country: 'DE',
      vatId: null,
    });
    const invoice = (await service(germanBuyer).issue(order({ storefrontId: 'se', currency: 'SEK' })))!;
    expect(invoice.snapshot).toMatchObject({
      rates: [{ treatment: 'destination', rate: 1900, net: 6681, vat: 1269, gross: 7950 }],
      vat: 1269,
      gross: 7950,
    });
    const text = plain(
      await pdfText(
        (await download(business, `/api/invoices/api/v1/InvoiceGroupFiles/me/${invoice.id}`)).rawPayload,
      ),
    );
    expect(text).toMatch(/Summa\s+66,81 kr\s+12,69 kr\s+79,50 kr/);
    expect(text).toContain('Moms i kundens land (One Stop Shop).');
  });

  it('says on the invoice that goods to Norway or Switzerland are an export, dated on the seller’s calendar', async () => {
    const buyerIn =
      (country: string, vatId: string, addressLines: string[]) => async (): Promise<InvoiceBuyer> => ({
        isB2B: true,
        companyName: `Foto ${country}`,
        holderName: 'Ola Nordmann',
        addressLines,
        country,
        vatId,
      });
    for (const [country, vatId, lines] of [
      ['NO', 'NO923609016MVA', ['Storgata 1', '0155 Oslo', 'Noorwegen']],
      ['CH', 'CHE-107.787.577 MWST', ['Bahnhofstrasse 1', '8001 Zürich', 'Zwitserland']],
    ] as const) {
      // 00:30 on 1 January 2027 in Amsterdam.
      const invoice = (await service(buyerIn(country, vatId, [...lines])).issue(
        order({ confirmedAt: '2026-12-31T23:30:00.000Z' }),
      ))!;
      expect(invoice.snapshot).toMatchObject({
        rates: [{ treatment: 'export', rate: 0 }],
        vat: 0,
        gross: 6681,
      });
      const text = plain(
        await pdfText(
          (await download(business, `/api/invoices/api/v1/InvoiceGroupFiles/me/${invoice.id}`)).rawPayload,
        ),
      );
      expect(text).toContain(
        'Uitvoer van goederen buiten de EU, vrijgesteld van btw (art. 146 Richtlijn 2006/112/EG).',
      );
      expect(text).not.toMatch(/verlegd|Intracommunautaire/);
      expect(text).toMatch(/Factuurdatum\s+1 januari 2027/);
      expect(text).toContain(parseVatId(vatId)!.normalized);
      // The invoices page lists the day the invoice prints, not the UTC one.
      const listed = z.array(HistoricalInvoiceSchema).parse((await list(business)).json());
      expect(listed.find(({ id }) => id === invoice.id)).toMatchObject({ issuedOn: '2027-01-01' });
    }
  });

  it('invoices a business customer’s order when the shop confirms it, and no private customer’s', async () => {
    const shop = t.app.shopApi.orders;
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
      // 2 x € 34,95 and € 3,99 delivery, net € 73,89, with 20 % VAT: the Dutch business's goods stay in Austria.
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
    // The line as the catalogue names it in the invoice’s language, not the shop’s article name.
    expect(text).toMatch(/Fotobuch A4 21 × 30 cm\s+2\s+€ 34,95\s+20 %\s+€ 69,90/);
    expect(text).toMatch(/Versand\s+1\s+€ 3,99\s+20 %\s+€ 3,99/);
    expect(text).toMatch(/Summe\s+€ 73,89\s+€ 14,78\s+€ 88,67/);
    expect(text).not.toContain('innergemeinschaftliche');
    // Paid at 00:10 on 21 November in Vienna (the seller's date), by the card the shop reported.
    expect(text).toContain('Bezahlt am 21. November 2026 per Kreditkarte.');
    expect(text).not.toContain('IBAN');
  });
});

describe(`credit notes (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  // Placed in its own app: the credit note series starts at 1.
  let t: TestApp;
  let business: SignedInCustomer;
  beforeAll(async () => {
    t = await createTestApp();
    [business] = await signInDemoAccounts(t, ['b2b@example.com']);
    await seedDemoCompanies(t.db);
  });
  afterAll(() => t.close());

  const placeConfirmed = async (code: string, on: TestApp = t, accountId = business.customerId) => {
    const shop = on.app.shopApi.orders;
    await shop.putSuperOrder(code, {
      accountId,
      storefront: 'nl',
      createdAt: '2026-11-21T08:00:00Z',
      changedAt: '2026-11-21T08:00:00Z',
      deliveryType: 'Home',
      deliveryPrice: 0,
      deliveryAddress: { ...testAddressInput(), company: '' },
      orders: [
        {
          id: `${code}-1`,
          products: [
            {
              lineId: '1',
              code: 'X',
              articleName: 'Prints',
              articleGroup: 'prints',
              quantity: 1,
              unitPrice: 50,
            },
            {
              lineId: '2',
              code: 'Y',
              articleName: 'Poster',
              articleGroup: 'wallDecor',
              quantity: 3,
              unitPrice: 1999,
            },
          ],
        },
      ],
    });
  };
  const documentsOf = async (orderId: string, db = t.db) =>
    (
      await db.query<{
        kind: string;
        invoice_number: string;
        gross_total: number;
        credits_invoice_id: string | null;
        id: string;
      }>(
        'SELECT id, kind, invoice_number, gross_total::integer AS gross_total, credits_invoice_id FROM invoices WHERE order_id = $1 ORDER BY kind DESC',
        [orderId],
      )
    ).rows;

  it('credits a cancelled, invoiced order in full, in its own series, referring to the invoice', async () => {
    const shop = t.app.shopApi.orders;
    // One after the other, so NL-CN-1's invoice is numbered first: two invoice jobs drained together
    // may finish in either order.
    for (const code of ['NL-CN-1', 'NL-CN-2']) {
      await placeConfirmed(code);
      await shop.putState(`${code}-1`, 'Confirmed', '2026-11-21T08:05:00Z');
      await t.app.jobs.drain();
    }
    // Cancelled at 00:30 on 1 January in Amsterdam, twice: one credit note. Drained in between, so
    // NL-CN-2-1's credit note is numbered first (the worker may run two credit jobs at once).
    await shop.putState('NL-CN-2-1', 'Cancelled', '2026-12-31T23:30:00Z');
    await t.app.jobs.drain();
    await shop.putState('NL-CN-1-1', 'Cancelled', '2026-12-31T23:40:00Z');
    // The job again (a retry): the credit note already made is the answer.
    await enqueueJob(t.db, INVOICE_CREDIT_JOB, { orderId: 'NL-CN-2-1', cancelledAt: '2027-01-02T10:00:00Z' });
    await t.app.jobs.drain();

    const [invoice, creditNote] = await documentsOf('NL-CN-2-1');
    // 0,50 + 3 x 19,99 = 60,47 net, 12,70 VAT (1269.87), 73,17 gross: all negated.
    expect(invoice).toMatchObject({ kind: 'invoice', invoice_number: 'NL-000002', gross_total: 7317 });
    expect(creditNote).toMatchObject({
      kind: 'credit-note',
      invoice_number: 'NL-CN-000001',
      gross_total: -7317,
      credits_invoice_id: invoice!.id,
    });
    expect((await documentsOf('NL-CN-1-1'))[1]).toMatchObject({ invoice_number: 'NL-CN-000002' });

    const listed = z.array(HistoricalInvoiceSchema).parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/invoices/api/v1/HistoricalInvoice/me',
          headers: business.headers,
        })
      ).json(),
    );
    expect(listed.find((row) => row.id === creditNote!.id)).toMatchObject({
      invoiceNumber: 'NL-CN-000001',
      grossTotal: -7317,
    });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/api/v1/InvoiceGroupFiles/me/${creditNote!.id}`,
      headers: business.headers,
    });
    const text = plain(await pdfText(pdf.rawPayload));
    expect(text).toContain('Creditnota NL-CN-000001');
    expect(text).toMatch(/Datum creditnota\s+1 januari 2027/);
    expect(text).toContain('Deze creditnota crediteert factuur NL-000002 van 21 november 2026 volledig.');
    expect(text).toMatch(/Poster\s+3\s+€ -19,99\s+21%\s+€ -59,97/);
    expect(text).toMatch(/Totaal\s+€ -60,47\s+€ -12,70\s+€ -73,17/);
    expect(text).not.toContain('IBAN');
  });

  it('makes no credit note, and no invoice, for an order cancelled before it was invoiced', async () => {
    // An API replica takes both state changes, and only then does a worker replica run the jobs they
    // queued: a worker beside the API could make the invoice between the two, and then credit it.
    const api = await createTestApp({ JOB_CONCURRENCY: '0' });
    try {
      const [customer] = await signInDemoAccounts(api, ['b2b@example.com']);
      await seedDemoCompanies(api.db);
      await placeConfirmed('NL-CN-3', api, customer.customerId);
      const shop = api.app.shopApi.orders;
      await shop.putState('NL-CN-3-1', 'Confirmed', '2026-11-21T08:05:00Z');
      await shop.putState('NL-CN-3-1', 'Cancelled', '2026-11-21T08:06:00Z');
      const invoiceJobs = async () =>
        (
          await api.db.query<{ kind: string }>(
            `SELECT kind FROM jobs WHERE payload->>'orderId' = 'NL-CN-3-1' ORDER BY kind`,
          )
        ).rows.map((row) => row.kind);
      expect(await invoiceJobs()).toEqual([INVOICE_CREDIT_JOB, INVOICE_ISSUE_JOB]);

      const worker = await createTestApp({}, { db: api.db });
      try {
        await worker.app.jobs.drain();
      } finally {
        await worker.close();
      }
      expect(await invoiceJobs()).toEqual([]);
      expect(await documentsOf('NL-CN-3-1', api.db)).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
