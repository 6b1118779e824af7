import { z } from 'zod/mini';
import { amountMinor } from './common';
import { defineEndpoint } from './endpoint';
import { deliveryTypes, type DeliveryType } from './orders';

/**
 * docs/product/calls.md 'Merchandise: GraphQL POST for channels and for a channel's articles with options'. The
 * catalogue lives on the server (one data file); pages and the server's own order rules read it
 * through these queries, never through prices written into pages.
 */

/** What an article can be used for; `ORDERABLE_AS_PRINTS` is docs/product/albums.md's 'product capability'. */
export const capabilities = [
  'ORDERABLE_AS_PRINTS',
  'REORDERABLE',
  'HOME_DELIVERY',
  'PICKUP_POINT_DELIVERY',
] as const;
export const CapabilitySchema = z.enum(capabilities);
export type Capability = z.infer<typeof CapabilitySchema>;

export const DeliveryTypeSchema = z.enum(deliveryTypes);
export type { DeliveryType };

/** The capability an article needs to be delivered this way. */
export const deliveryCapability: Record<DeliveryType, Capability> = {
  Home: 'HOME_DELIVERY',
  PickupPoint: 'PICKUP_POINT_DELIVERY',
};

/** An amount in the currency's minor unit (cents, øre, pence): never a float. */
export const MoneySchema = z.object({
  amountMinor,
  currency: z.string().check(z.length(3)),
});
export type Money = z.infer<typeof MoneySchema>;

export const SizeOptionSchema = z.object({
  code: z.string(),
  /** The shop's product code (SKU) of the article in this size, as order lines carry it. */
  productCode: z.string(),
  widthCm: z.number(),
  heightCm: z.number(),
  price: MoneySchema,
});
export type SizeOption = z.infer<typeof SizeOptionSchema>;

export const NamedOptionSchema = z.object({ code: z.string(), name: z.string() });
export type NamedOption = z.infer<typeof NamedOptionSchema>;

export const ArticleSchema = z.object({
  code: z.string(),
  category: z.string(),
  name: z.string(),
  capabilities: z.array(CapabilitySchema),
  sizes: z.array(SizeOptionSchema),
  papers: z.array(NamedOptionSchema),
  finishes: z.array(NamedOptionSchema),
});
export type Article = z.infer<typeof ArticleSchema>;

export const DeliveryOptionSchema = z.object({ type: DeliveryTypeSchema, price: MoneySchema });
export const PickupPointSchema = z.object({ id: z.string(), name: z.string(), address: z.string() });
export type PickupPoint = z.infer<typeof PickupPointSchema>;

export const MerchandiseChannelSchema = z.object({
  id: z.string(),
  vendor: z.string(),
  currency: z.string(),
  locales: z.array(z.string()),
});

export const ChannelArticlesSchema = z.object({
  id: z.string(),
  currency: z.string(),
  articles: z.array(ArticleSchema),
  deliveryOptions: z.array(DeliveryOptionSchema),
  pickupPoints: z.array(PickupPointSchema),
});
export type ChannelArticles = z.infer<typeof ChannelArticlesSchema>;

/** The GraphQL documents the account area sends, each with the shape of its `data`. */
export const merchandiseQueries = {
  channels: {
    document: 'query Channels { channels { id vendor currency locales } }',
    data: z.object({ channels: z.array(MerchandiseChannelSchema) }),
  },
  channelArticles: {
    document: `query ChannelArticles($channelId: ID!, $locale: String, $capability: Capability) {
  channel(id: $channelId, locale: $locale) {
    id currency
    articles(capability: $capability) {
      code category name capabilities
      sizes { code productCode widthCm heightCm price { amountMinor currency } }
      papers { code name }
      finishes { code name }
    }
    deliveryOptions { type price { amountMinor currency } }
    pickupPoints { id name address }
  }
}`,
    data: z.object({ channel: z.nullable(ChannelArticlesSchema) }),
  },
};

const graphqlBody = z.object({
  query: z.string(),
  operationName: z.optional(z.string()),
  variables: z.optional(z.record(z.string(), z.unknown())),
});

function graphqlEndpoint<Data extends z.ZodMiniType>(data: Data) {
  return defineEndpoint({
    service: 'merchandise',
    method: 'POST',
    path: '/graphql',
    body: graphqlBody,
    response: z.object({ data }),
  });
}

export const merchandiseApi = {
  channels: graphqlEndpoint(merchandiseQueries.channels.data),
  channelArticles: graphqlEndpoint(merchandiseQueries.channelArticles.data),
};
