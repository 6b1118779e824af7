import { z } from 'zod';
import { checkAddress } from '@photo/contracts/address-check';
import {
  countryOfChannel,
  emptyPostalAddress,
  postalAddressLines,
  type PostalAddress,
} from '@photo/contracts/addresses';
import { articleGroups, deliveryTypes, type ArticleGroup } from '@photo/contracts/orders';
import {
  capabilities,
  type Article,
  type Capability,
  type ChannelArticles,
  type DeliveryType,
  type Money,
  type SizeOption,
} from '@photo/contracts/merchandise';
import { invalid, notFound } from '../platform/errors';
import { storefronts } from '../storefronts/storefronts';
import catalogueData from './merchandise-catalogue.json' with { type: 'json' };

const languages = ['en', 'nl', 'fr', 'de', 'nb', 'sv', 'it', 'da', 'es', 'pt'] as const;
// An enum-keyed record is exhaustive: a name missing in one language fails at start.
const NamesSchema = z.record(z.enum(languages), z.string().min(1));
const PricesSchema = z.record(z.string().length(3), z.number().int().nonnegative());
const NamedOptionSchema = z.object({ code: z.string().min(1), names: NamesSchema });

/** The shape of `merchandise-catalogue.json`, checked once at start: a broken file stops the server. */
const CatalogueSchema = z.object({
  /**
   * Per channel, its pickup points: addresses of the storefront's country, checked by the one address
   * rule at start. The currency is the storefront's own.
   */
  channels: z.record(
    z.string(),
    z.object({
      pickupPoints: z.array(
        z.object({
          id: z.string().min(1),
          name: z.string().min(1),
          street: z.string().min(1),
          houseNumber: z.string().min(1),
          postcode: z.string().min(1),
          city: z.string().min(1),
          region: z.string().optional(),
        }),
      ),
    }),
  ),
  /** docs/product/calls.md ArticleGroup: every group the shop sells, with its working days of production. */
  categories: z.record(z.enum(articleGroups), z.object({ productionDays: z.number().int().positive() })),
  delivery: z.record(z.enum(deliveryTypes), PricesSchema),
  articles: z.array(
    z.object({
      code: z.string().min(1),
      category: z.enum(articleGroups),
      /** What its print files print past the cut on every side; none when it is not given. */
      printBleedMm: z.number().nonnegative().optional(),
      names: NamesSchema,
      capabilities: z.array(z.enum(capabilities)),
      sizes: z.array(
        z.object({
          code: z.string().min(1),
          /** The shop's product code (SKU) of the article in this size: what an order line carries. */
          productCode: z.string().min(1),
          widthCm: z.number().positive(),
          heightCm: z.number().positive(),
          prices: PricesSchema,
        }),
      ),
      papers: z.array(NamedOptionSchema),
      finishes: z.array(NamedOptionSchema),
    }),
  ),
});
export type CatalogueData = z.infer<typeof CatalogueSchema>;
type CataloguePickupPoint = CatalogueData['channels'][string]['pickupPoints'][number];

/** A pickup point as a postal address of its channel's country. */
const pickupPointAddress = (channelId: string, point: CataloguePickupPoint): PostalAddress => ({
  ...emptyPostalAddress(countryOfChannel(channelId)),
  street: point.street,
  houseNumber: point.houseNumber,
  postcode: point.postcode,
  city: point.city,
  region: point.region ?? '',
});

export interface MerchandiseChannel {
  id: string;
  vendor: string;
  currency: string;
  locales: string[];
}

/** What one line of an order costs, as the catalogue says: the only price the server trusts. */
export interface PricedLine {
  article: Article;
  size: SizeOption;
  unitPrice: Money;
  quantity: number;
  total: Money;
}

// One number format per locale: building one was a third of an orders page's CPU (every line names
// its product).
const centimetreFormats = new Map<string, Intl.NumberFormat>();
const centimetreFormat = (locale: string) => {
  let format = centimetreFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    centimetreFormats.set(locale, format);
  }
  return format;
};

/** An article in one size, e.g. 'Photo prints 13 × 18 cm': the one way a product is named to customers. */
export const articleSizeName = (
  articleName: string,
  size: Pick<SizeOption, 'widthCm' | 'heightCm'>,
  locale: string,
) => {
  const number = centimetreFormat(locale);
  return `${articleName} ${number.format(size.widthCm)} × ${number.format(size.heightCm)} cm`;
};

const languageOf = (locale: string | undefined) => {
  const language = (locale ?? 'en').split('-')[0]!.toLowerCase();
  return (languages as readonly string[]).includes(language)
    ? (language as (typeof languages)[number])
    : 'en';
};

/**
 * The shop's catalogue (docs/product/calls.md merchandise): channels, and each channel's articles with sizes, papers,
 * finishes, prices in the channel's currency and capabilities. Read from one data file; every price a
 * page shows or an order charges comes from here.
 */
export function createMerchandiseService(data: unknown = catalogueData) {
  const catalogue = CatalogueSchema.parse(data);
  const productCodes = catalogue.articles.flatMap((article) => article.sizes.map((size) => size.productCode));
  const repeated = productCodes.find((code, index) => productCodes.indexOf(code) !== index);
  if (repeated) throw new Error(`The catalogue has product code ${repeated} twice`);
  for (const storefront of storefronts) {
    const channel = catalogue.channels[storefront.channelId];
    if (!channel) throw new Error(`The catalogue has no channel ${storefront.channelId}`);
    for (const point of channel.pickupPoints) {
      // Checked as an order to it is, with the collector's name, and as stored: a postcode not in its
      // canonical form would differ from the same address saved in the address book.
      const address = { ...pickupPointAddress(storefront.channelId, point), firstName: 'A', lastName: 'B' };
      const { address: checked } = checkAddress(address);
      if (!checked || JSON.stringify(checked) !== JSON.stringify(address))
        throw new Error(
          `The pickup point ${point.id} of ${storefront.channelId} is no address of its country`,
        );
    }
    const currency = storefront.currency;
    for (const article of catalogue.articles)
      for (const size of article.sizes)
        if (size.prices[currency] === undefined)
          throw new Error(`${article.code} ${size.code} has no price in ${currency}`);
  }

  const channelOf = (channelId: string) => {
    const storefront = storefronts.find((s) => s.channelId === channelId);
    const entry = catalogue.channels[channelId];
    return storefront && entry ? { storefront, currency: storefront.currency, ...entry } : undefined;
  };

  const articleIn = (currency: string, language: (typeof languages)[number]) =>
    function toArticle(entry: CatalogueData['articles'][number]): Article {
      return {
        code: entry.code,
        category: entry.category,
        name: entry.names[language],
        capabilities: entry.capabilities,
        sizes: entry.sizes.map((size) => ({
          code: size.code,
          productCode: size.productCode,
          widthCm: size.widthCm,
          heightCm: size.heightCm,
          price: { amountMinor: size.prices[currency]!, currency },
        })),
        papers: entry.papers.map((paper) => ({ code: paper.code, name: paper.names[language] })),
        finishes: entry.finishes.map((finish) => ({ code: finish.code, name: finish.names[language] })),
      };
    };

  /**
   * Each channel's products by code, per language, built on first use: the catalogue does not change
   * while the process runs, and building a channel's whole list for every order line was most of an
   * order page's CPU (decision 143). The first article listing a code wins, as a search would find it.
   */
  const productIndexes = new Map<string, Map<string, { article: Article; size: SizeOption }>>();
  const productIndex = (channelId: string, locale: string | undefined) => {
    const channel = channelOf(channelId);
    if (!channel) return undefined;
    const key = `${channelId} ${languageOf(locale ?? channel.storefront.locales[0])}`;
    let index = productIndexes.get(key);
    if (!index) {
      index = new Map();
      for (const article of service.channelArticles(channelId, { locale: locale ?? null })?.articles ?? []) {
        for (const size of article.sizes) {
          if (!index.has(size.productCode)) index.set(size.productCode, { article, size });
        }
      }
      productIndexes.set(key, index);
    }
    return index;
  };

  const service = {
    channels(): MerchandiseChannel[] {
      return storefronts.map((storefront) => ({
        id: storefront.channelId,
        vendor: storefront.vendor,
        currency: storefront.currency,
        locales: storefront.locales,
      }));
    },

    /** A channel's articles in its currency, names in `locale` (the channel's first locale by default). */
    channelArticles(
      channelId: string,
      options: { locale?: string | null; capability?: Capability | null } = {},
    ): ChannelArticles | undefined {
      const channel = channelOf(channelId);
      if (!channel) return undefined;
      const { currency } = channel;
      const language = languageOf(options.locale ?? channel.storefront.locales[0]);
      const capability = options.capability;
      return {
        id: channelId,
        currency,
        articles: catalogue.articles
          .filter((entry) => !capability || entry.capabilities.includes(capability))
          .map(articleIn(currency, language)),
        deliveryOptions: deliveryTypes.map((type) => ({
          type,
          price: { amountMinor: catalogue.delivery[type][currency] ?? 0, currency },
        })),
        pickupPoints: channel.pickupPoints.map((point) => ({
          id: point.id,
          name: point.name,
          // Within its storefront's country: the envelope lines without the country, on one line.
          address: postalAddressLines(pickupPointAddress(channelId, point), '', { recipient: false })
            .filter(Boolean)
            .join(', '),
        })),
      };
    },

    hasCapability(channelId: string, articleCode: string, capability: Capability): boolean {
      if (!channelOf(channelId)) return false;
      return !!catalogue.articles.find((a) => a.code === articleCode)?.capabilities.includes(capability);
    },

    /** Prices one line from the catalogue; an article, size or channel it does not know is 400. */
    priceLine(line: {
      channelId: string;
      articleCode: string;
      sizeCode: string;
      paperCode?: string | undefined;
      finishCode?: string | undefined;
      quantity: number;
      locale?: string;
    }): PricedLine {
      const channel = service.channelArticles(line.channelId, { locale: line.locale ?? null });
      if (!channel) throw notFound('Channel not found');
      const article = channel.articles.find((a) => a.code === line.articleCode);
      if (!article) throw invalid('articleCode', 'Unknown article');
      const size = article.sizes.find((s) => s.code === line.sizeCode);
      if (!size) throw invalid('sizeCode', 'Unknown size');
      if (line.paperCode !== undefined && !article.papers.some((p) => p.code === line.paperCode))
        throw invalid('paperCode', 'Unknown paper');
      if (line.finishCode !== undefined && !article.finishes.some((f) => f.code === line.finishCode))
        throw invalid('finishCode', 'Unknown finish');
      return {
        article,
        size,
        unitPrice: size.price,
        quantity: line.quantity,
        total: { amountMinor: size.price.amountMinor * line.quantity, currency: size.price.currency },
      };
    },

    /**
     * The article and size an order line's product code names, priced in the channel's currency; a
     * code the catalogue does not sell (any more) is undefined.
     */
    product(
      channelId: string,
      productCode: string,
      locale?: string,
    ): { article: Article; size: SizeOption } | undefined {
      return productIndex(channelId, locale)?.get(productCode);
    },

    /**
     * A product's name as a storefront's catalogue sells it, in `locale` ('Fotoafdrukken 10 × 15 cm'):
     * what order lines, invoices and mails show, whatever language the shop's order named it in. Any
     * product code the catalogue does not know keeps the name it came with.
     */
    productName(storefrontId: string, productCode: string, locale: string, fallback: string): string {
      const channelId = storefronts.find((storefront) => storefront.id === storefrontId)?.channelId;
      const found = channelId ? service.product(channelId, productCode, locale) : undefined;
      return found ? articleSizeName(found.article.name, found.size, locale) : fallback;
    },

    /** docs/product/calls.md ArticleGroup: a group can be reordered when one of its articles can. */
    articleGroups(): Array<{ name: ArticleGroup; productionDays: number; reorderable: boolean }> {
      return articleGroups.map((name) => ({
        name,
        productionDays: catalogue.categories[name].productionDays,
        reorderable: catalogue.articles.some(
          (article) => article.category === name && article.capabilities.includes('REORDERABLE'),
        ),
      }));
    },

    deliveryPrice(channelId: string, type: DeliveryType): Money {
      const channel = service.channelArticles(channelId);
      if (!channel) throw notFound('Channel not found');
      return channel.deliveryOptions.find((option) => option.type === type)!.price;
    },

    /** The page of a product's print files: its size, in millimetres, and its bleed. */
    printPage(productCode: string): { widthMm: number; heightMm: number; bleedMm: number } | undefined {
      for (const article of catalogue.articles) {
        const size = article.sizes.find((candidate) => candidate.productCode === productCode);
        if (size)
          return {
            // Rounded to a tenth of a millimetre: 59.4 cm is not 594 mm in binary floating point.
            widthMm: Math.round(size.widthCm * 100) / 10,
            heightMm: Math.round(size.heightCm * 100) / 10,
            bleedMm: article.printBleedMm ?? 0,
          };
      }
      return undefined;
    },

    /** A pickup point's name and address, for an order's delivery address. */
    pickupPoint(channelId: string, id: string): { name: string; address: PostalAddress } | undefined {
      const point = channelOf(channelId)?.pickupPoints.find((candidate) => candidate.id === id);
      return point ? { name: point.name, address: pickupPointAddress(channelId, point) } : undefined;
    },
  };
  return service;
}

export type MerchandiseService = ReturnType<typeof createMerchandiseService>;
