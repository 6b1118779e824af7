import type { FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import { capabilities, type Capability } from '@photo/contracts/merchandise';
import { serviceBasePath } from '@photo/contracts/endpoint';
import type { MerchandiseService } from './merchandise.service';

const schema = /* GraphQL */ `
  enum Capability {
    ${capabilities.join('\n    ')}
  }
  enum DeliveryType {
    Home
    PickupPoint
  }
  type Money {
    amountMinor: Int!
    currency: String!
  }
  type SizeOption {
    code: ID!
    productCode: String!
    widthCm: Float!
    heightCm: Float!
    price: Money!
  }
  type NamedOption {
    code: ID!
    name: String!
  }
  type Article {
    code: ID!
    category: String!
    name: String!
    capabilities: [Capability!]!
    sizes: [SizeOption!]!
    papers: [NamedOption!]!
    finishes: [NamedOption!]!
  }
  type DeliveryOption {
    type: DeliveryType!
    price: Money!
  }
  type PickupPoint {
    id: ID!
    name: String!
    address: String!
  }
  type ChannelArticles {
    id: ID!
    currency: String!
    articles(capability: Capability): [Article!]!
    deliveryOptions: [DeliveryOption!]!
    pickupPoints: [PickupPoint!]!
  }
  type Channel {
    id: ID!
    vendor: String!
    currency: String!
    locales: [String!]!
  }
  type Query {
    channels: [Channel!]!
    channel(id: ID!, locale: String): ChannelArticles
  }
`;

interface ChannelSource {
  channelId: string;
  locale: string | null;
}

/**
 * The merchandise GraphQL endpoint (docs/product/calls.md) at `/api/merchandise/graphql`. The catalogue is the
 * shop's public price list, so it answers without a session; it has no mutations. Registered in its
 * own encapsulated scope so that nothing of the REST routes' set-up reaches mercurius.
 */
export async function registerMerchandiseRoutes(
  app: FastifyInstance,
  deps: { merchandise: MerchandiseService },
): Promise<void> {
  const { merchandise } = deps;
  await app.register(async (scope) => {
    await scope.register(mercurius, {
      schema,
      path: `${serviceBasePath('merchandise')}/graphql`,
      graphiql: false,
      queryDepth: 6,
      resolvers: {
        Query: {
          channels: () => merchandise.channels(),
          channel: (_root: unknown, args: { id: string; locale?: string | null }) =>
            merchandise.channelArticles(args.id) ? { channelId: args.id, locale: args.locale ?? null } : null,
        },
        ChannelArticles: {
          id: (source: ChannelSource) => source.channelId,
          currency: (source: ChannelSource) => merchandise.channelArticles(source.channelId)!.currency,
          articles: (source: ChannelSource, args: { capability?: Capability | null }) =>
            merchandise.channelArticles(source.channelId, {
              locale: source.locale,
              capability: args.capability,
            })!.articles,
          deliveryOptions: (source: ChannelSource) =>
            merchandise.channelArticles(source.channelId)!.deliveryOptions,
          pickupPoints: (source: ChannelSource) =>
            merchandise.channelArticles(source.channelId)!.pickupPoints,
        },
      },
    });
  });
}
