import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchandiseApi, merchandiseQueries } from '@photo/contracts/merchandise';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createMerchandiseService } from './merchandise.service';
import catalogue from './merchandise-catalogue.json' with { type: 'json' };

describe('merchandise GraphQL endpoint', () => {
  let t: TestApp;
  const ask = (host: string, query: string, variables?: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/merchandise/graphql',
      headers: { host, 'content-type': 'application/json' },
      payload: { query, variables },
    });

  beforeAll(async () => {
    t = await createTestApp({ TEST_PAYMENTS: 'true' });
  });
  afterAll(() => t.close());

  it('answers the 13 channels with their currencies', async () => {
    const response = await ask('nl.localhost:8080', merchandiseQueries.channels.document);
    expect(response.statusCode).toBe(200);
    const { channels } = merchandiseApi.channels.response.parse(response.json()).data;
    expect(channels).toHaveLength(13);
    expect(channels.find((c) => c.id === 'UK')?.currency).toBe('GBP');
    expect(channels.find((c) => c.id === 'NO')?.currency).toBe('NOK');
    expect(channels.find((c) => c.id === 'BE')?.locales).toEqual(['nl-BE', 'fr-BE']);
  });

  it('answers a channel’s articles with options and prices in its currency and language', async () => {
    const read = async (channelId: string, locale?: string) =>
      merchandiseApi.channelArticles.response.parse(
        (
          await ask('nl.localhost:8080', merchandiseQueries.channelArticles.document, { channelId, locale })
        ).json(),
      ).data.channel!;
    const uk = await read('UK');
    const prints = uk.articles.find((a) => a.code === 'PAP_910')!;
    expect(prints.name).toBe('Photo prints');
    expect(prints.capabilities).toContain('ORDERABLE_AS_PRINTS');
    expect(prints.sizes.map((s) => s.code)).toEqual(['10x15', '13x18', '20x30']);
    expect(prints.sizes.map((s) => s.productCode)).toEqual(['PAP_910', 'PAP_1318', 'PAP_2030']);
    expect(prints.sizes[0]!.price).toEqual({ amountMinor: 17, currency: 'GBP' });
    expect(prints.papers.map((p) => p.code)).toEqual(['glossy', 'matte']);
    expect(uk.deliveryOptions.map((d) => d.type)).toEqual(['Home', 'PickupPoint']);
    const belgianFrench = await read('BE', 'fr-BE');
    expect(belgianFrench.currency).toBe('EUR');
    expect(belgianFrench.articles.find((a) => a.code === 'PAP_910')!.name).toBe('Tirages photo');
    expect((await read('BE')).articles.find((a) => a.code === 'PAP_910')!.name).toBe('Fotoafdrukken');
  });

  it('filters articles by capability and answers null for an unknown channel', async () => {
    const response = await ask(
      'uk.localhost:8080',
      'query { channel(id: "UK") { articles(capability: ORDERABLE_AS_PRINTS) { code } } nope: channel(id: "XX") { id } }',
    );
    expect(response.json()).toEqual({ data: { channel: { articles: [{ code: 'PAP_910' }] }, nope: null } });
  });

  it('refuses a query that is not valid GraphQL with 400', async () => {
    const response = await ask('uk.localhost:8080', 'query { channels { price } }');
    expect(response.statusCode).toBe(400);
  });

  it('decides in /config.json whether prints can be ordered from the catalogue', async () => {
    const config = (
      await t.app.inject({ url: '/config.json', headers: { host: 'uk.localhost:8080' } })
    ).json<{
      printsOrdering: { enabled: boolean; productCode: string };
    }>();
    expect(config.printsOrdering).toEqual({ enabled: true, productCode: 'PAP_910' });
    const withoutCapability = structuredClone(catalogue);
    withoutCapability.articles[0]!.capabilities = ['REORDERABLE'];
    expect(
      createMerchandiseService(withoutCapability).hasCapability('UK', 'PAP_910', 'ORDERABLE_AS_PRINTS'),
    ).toBe(false);
  });

  it('prices an order line from the catalogue only and refuses unknown options', () => {
    const merchandise = createMerchandiseService();
    const line = merchandise.priceLine({
      channelId: 'SE',
      articleCode: 'PAP_910',
      sizeCode: '13x18',
      quantity: 3,
    });
    expect(line.total).toEqual({ amountMinor: 1350, currency: 'SEK' });
    expect(() =>
      merchandise.priceLine({ channelId: 'SE', articleCode: 'PAP_910', sizeCode: '1x1', quantity: 1 }),
    ).toThrow('Unknown size');
    expect(() =>
      merchandise.priceLine({
        channelId: 'SE',
        articleCode: 'PAP_910',
        sizeCode: '10x15',
        paperCode: 'x',
        quantity: 1,
      }),
    ).toThrow('Unknown paper');
  });

  it('refuses a catalogue file that lacks a price in a channel’s currency', () => {
    const broken = structuredClone(catalogue);
    delete (broken.articles[0]!.sizes[0]!.prices as Record<string, number>).NOK;
    expect(() => createMerchandiseService(broken)).toThrow('no price in NOK');
  });

  it('shows each storefront pickup points at real-looking addresses of its country, as it writes them', () => {
    const merchandise = createMerchandiseService();
    const addressesOf = (channelId: string) =>
      merchandise.channelArticles(channelId)!.pickupPoints.map((point) => point.address);
    expect(addressesOf('UK')).toEqual([
      '12 Euston Road, London, NW1 2RT',
      '48 Brixton Road, London, SW9 6BT',
    ]);
    expect(addressesOf('NL')).toEqual([
      'Stationsplein 15, 1012 AB Amsterdam',
      'Beethovenstraat 52, 1077 JG Amsterdam',
    ]);
    expect(addressesOf('FR')[0]).toBe('12 rue de Rivoli, 75004 Paris');
    expect(addressesOf('IE')[0]).toBe("14 O'Connell Street Upper, Dublin, D01 F5P2");
    expect(addressesOf('IT')[0]).toBe('Via Torino 51, 20123 Milano MI');
    expect(addressesOf('PT')[0]).toBe('Rua Augusta 100, 1100-053 Lisboa');
    expect(addressesOf('SE')[0]).toBe('Drottninggatan 45, 111 21 Stockholm');
    // An order to a pickup point is delivered to that address in the storefront's country.
    expect(merchandise.pickupPoint('DE', 'south')?.address).toMatchObject({
      country: 'DE',
      street: 'Karl-Marx-Straße',
      postcode: '12043',
      city: 'Berlin',
    });
  });

  it('refuses a catalogue file whose pickup point is no address of its country', () => {
    const broken = structuredClone(catalogue);
    broken.channels.NL.pickupPoints[0]!.postcode = '1000';
    expect(() => createMerchandiseService(broken)).toThrow('pickup point central of NL');
    const untidy = structuredClone(catalogue);
    untidy.channels.NL.pickupPoints[0]!.postcode = '1012ab';
    expect(() => createMerchandiseService(untidy)).toThrow('pickup point central of NL');
  });

  it('refuses a catalogue file where two sizes share a product code, which orders could not tell apart', () => {
    const broken = structuredClone(catalogue);
    broken.articles[0]!.sizes[1]!.productCode = broken.articles[0]!.sizes[0]!.productCode;
    expect(() => createMerchandiseService(broken)).toThrow('product code PAP_910 twice');
  });

  it('finds an order line’s article and size by its product code, priced in the channel’s currency', () => {
    const merchandise = createMerchandiseService();
    const found = merchandise.product('SE', 'PAP_1318', 'sv-SE')!;
    expect(found.article.code).toBe('PAP_910');
    expect(found.article.name).toBe('Fotokopior');
    expect(found.size).toMatchObject({ code: '13x18', price: { currency: 'SEK' } });
    expect(merchandise.product('SE', 'PAP_RETIRED')).toBeUndefined();
    expect(merchandise.product('XX', 'PAP_1318')).toBeUndefined();
  });
});
