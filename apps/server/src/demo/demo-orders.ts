import { emptyPostalAddress } from '@photo/contracts/addresses';
import type {
  ArticleGroup,
  DeliveryAddress,
  DeliveryType,
  InternalOrderState,
  PaymentStatus,
} from '@photo/contracts/orders';
import type { ShopProduct } from '@photo/contracts/shop-api';
import { createMerchandiseService } from '../merchandise/merchandise.service';
import type { Queryable } from '../platform/database';
import type { OrderIntakeService } from '../orders/order-intake.service';
import { storefrontMethods } from '../payment-methods/payment-methods.service';
import { storefronts, type Storefront } from '../storefronts/storefronts';

const DAY_MS = 86_400_000;

/**
 * Products the demo shop sells: the catalogue's product code of each (an article in one size) and the
 * name the shop prints on its orders. Prices come from the catalogue, in the storefront's currency.
 */
export const demoCatalogue = {
  prints: { code: 'PAP_910', articleName: 'Prints 10x15 glossy', articleGroup: 'prints' },
  printsLarge: { code: 'PAP_1318', articleName: 'Prints 13x18 matt', articleGroup: 'prints' },
  photoBook: { code: 'BOOK_A4_HARD', articleName: 'Photo book A4 hardcover', articleGroup: 'photoBooks' },
  canvas: { code: 'WALL_CANVAS_60', articleName: 'Canvas 60x40', articleGroup: 'wallDecor' },
  poster: { code: 'WALL_POSTER_A2', articleName: 'Poster A2', articleGroup: 'wallDecor' },
  cards: { code: 'CARD_XMAS_10', articleName: 'Christmas cards (10)', articleGroup: 'cards' },
} satisfies Record<string, { code: string; articleName: string; articleGroup: ArticleGroup }>;
export type DemoProductKind = keyof typeof demoCatalogue;

const merchandise = createMerchandiseService();

const imageOf: Record<ArticleGroup, string> = {
  prints: '/products/prints.svg',
  photoBooks: '/products/photo-book.svg',
  wallDecor: '/products/wall-decor.svg',
  cards: '/products/cards.svg',
  gifts: '/products/cards.svg',
};

/** A product line of the demo catalogue at the catalogue's price in the storefront's channel. */
export function demoProduct(
  kind: DemoProductKind,
  lineId: string,
  quantity: number,
  storefront: Storefront,
  voucher?: string,
): ShopProduct {
  const item = demoCatalogue[kind];
  const offered = merchandise.product(storefront.channelId, item.code);
  if (!offered) throw new Error(`The catalogue does not sell ${item.code} in ${storefront.channelId}`);
  return {
    lineId,
    code: item.code,
    articleName: item.articleName,
    articleGroup: item.articleGroup,
    quantity,
    unitPrice: Math.round(offered.size.price.amountMinor * (voucher ? 0.8 : 1)),
    imageUrl: imageOf[item.articleGroup],
    ...(voucher ? { voucher } : {}),
  };
}

/** What the catalogue charges for delivery in the storefront's channel, minor units. */
export const demoDeliveryPrice = (storefront: Storefront, type: DeliveryType) =>
  merchandise.deliveryPrice(storefront.channelId, type).amountMinor;

/** A street in each demo storefront's country, where demo orders are delivered. */
const addresses = {
  nl: {
    ...emptyPostalAddress('NL'),
    street: 'Keizersgracht',
    houseNumber: '212',
    postcode: '1016 DZ',
    city: 'Amsterdam',
  },
  uk: {
    ...emptyPostalAddress('GB'),
    street: 'Baker Street',
    houseNumber: '221',
    postcode: 'NW1 6XE',
    city: 'London',
  },
  se: {
    ...emptyPostalAddress('SE'),
    street: 'Drottninggatan',
    houseNumber: '53',
    postcode: '111 21',
    city: 'Stockholm',
  },
  be: { ...emptyPostalAddress('BE'), street: 'Meir', houseNumber: '78', postcode: '2000', city: 'Antwerpen' },
  de: {
    ...emptyPostalAddress('DE'),
    street: 'Friedrichstraße',
    houseNumber: '43',
    postcode: '10117',
    city: 'Berlin',
  },
} satisfies Record<string, DeliveryAddress>;

/** A demo delivery address in the country of a demo storefront, for the named recipient. */
export function demoDeliveryAddress(
  storefront: keyof typeof addresses,
  name: Pick<DeliveryAddress, 'firstName' | 'lastName'>,
): DeliveryAddress {
  return { ...addresses[storefront], ...name };
}

/** One of the catalogue's pickup points of the storefront, as the delivery address of an order to it. */
function demoPickupPointAddress(
  storefront: Storefront,
  pickupPointId: string,
  name: Pick<DeliveryAddress, 'firstName' | 'lastName'>,
): DeliveryAddress {
  const point = merchandise.pickupPoint(storefront.channelId, pickupPointId);
  if (!point)
    throw new Error(`The catalogue has no pickup point ${pickupPointId} in ${storefront.channelId}`);
  return { ...point.address, ...name, pickupPointName: point.name };
}

interface DemoOrder {
  storefront: keyof typeof addresses;
  daysAgo: number;
  state: InternalOrderState;
  payment: PaymentStatus;
  /** Days after ordering that the payment status last changed. */
  paidAfterDays: number;
  /** The catalogue's id of the storefront's pickup point the order goes to. */
  pickupPoint?: string;
  products: Array<[DemoProductKind, number, string?]>;
}

/**
 * Orders of every demo account: in progress (awaiting payment, ordered, in production, sent) and
 * history (sent long ago, one cancelled), prints, photo books and wall decor, on more than one
 * storefront (each in its currency), one with a voucher and one to a pickup point.
 */
const demoOrders: DemoOrder[] = [
  {
    storefront: 'nl',
    daysAgo: 1,
    state: 'Received',
    payment: 'paymentPending',
    paidAfterDays: 0,
    products: [
      ['prints', 48],
      ['printsLarge', 12],
    ],
  },
  {
    storefront: 'nl',
    daysAgo: 4,
    state: 'Confirmed',
    payment: 'paymentSuccess',
    paidAfterDays: 0,
    products: [
      ['canvas', 1],
      ['prints', 24],
    ],
  },
  {
    storefront: 'nl',
    daysAgo: 6,
    state: 'Confirmed',
    payment: 'paymentSuccess',
    paidAfterDays: 0,
    pickupPoint: 'central',
    products: [['poster', 2]],
  },
  {
    storefront: 'uk',
    daysAgo: 9,
    state: 'ProductionStarted',
    payment: 'paymentSuccess',
    paidAfterDays: 0,
    products: [
      ['photoBook', 1, 'BOOK20'],
      ['cards', 2],
    ],
  },
  {
    storefront: 'nl',
    daysAgo: 12,
    state: 'Dispatched',
    payment: 'paymentSuccess',
    paidAfterDays: 1,
    products: [['prints', 100]],
  },
  {
    storefront: 'se',
    daysAgo: 45,
    state: 'Dispatched',
    payment: 'paymentSuccess',
    paidAfterDays: 0,
    products: [
      ['photoBook', 2],
      ['prints', 36],
    ],
  },
  {
    storefront: 'nl',
    daysAgo: 70,
    state: 'Cancelled',
    payment: 'paymentFailed',
    paidAfterDays: 0,
    products: [['canvas', 1]],
  },
  {
    storefront: 'nl',
    daysAgo: 160,
    state: 'Dispatched',
    payment: 'paymentFree',
    paidAfterDays: 0,
    products: [
      ['cards', 3],
      ['printsLarge', 20],
    ],
  },
  {
    storefront: 'uk',
    daysAgo: 330,
    state: 'Dispatched',
    payment: 'paymentSuccess',
    paidAfterDays: 0,
    products: [
      ['poster', 1],
      ['prints', 60],
    ],
  },
];

const path: InternalOrderState[] = [
  'Received',
  'Confirmed',
  'ProductionStarted',
  'ProductionCompleted',
  'Dispatched',
];

/**
 * Gives every demo account realistic orders, placed through the shop-side service exactly as the shop
 * places them. Runs once per account: an account with orders is left alone.
 */
export async function seedDemoOrders(
  db: Queryable,
  shop: OrderIntakeService,
  accounts: ReadonlyArray<{ id: string; firstName: string; lastName: string }>,
  now: Date,
): Promise<number> {
  let placed = 0;
  await shop.putVoucherOffer('BOOK20', {
    campaignName: 'autumn-books',
    title: '20% off photo books',
    description: 'Twenty percent off every photo book ordered this autumn.',
    discountPercent: 20,
    validUntil: `${now.getUTCFullYear()}-12-31`,
    changedAt: '2026-01-01T00:00:00.000Z',
  });
  for (const storefront of storefronts) {
    await shop.putCampaign(storefront.id, 'christmas', {
      title: 'Christmas',
      cutoffs: [
        { articleGroup: 'photoBooks', orderBy: `${now.getUTCFullYear()}-12-14` },
        { articleGroup: 'prints', orderBy: `${now.getUTCFullYear()}-12-18` },
        { articleGroup: 'wallDecor', orderBy: `${now.getUTCFullYear()}-12-16` },
      ],
      changedAt: '2026-01-01T00:00:00.000Z',
    });
  }
  for (const [accountIndex, account] of accounts.entries()) {
    const { rows } = await db.query('SELECT 1 FROM super_orders WHERE customer_id = $1 LIMIT 1', [
      account.id,
    ]);
    if (rows.length > 0) continue;
    for (const [index, order] of demoOrders.entries()) {
      const storefront = storefronts.find((candidate) => candidate.id === order.storefront)!;
      const code = `${storefront.channelId}-${7_300_000 + accountIndex * 1000 + index}`;
      const createdAt = new Date(now.getTime() - order.daysAgo * DAY_MS);
      const at = (days: number) => new Date(createdAt.getTime() + days * DAY_MS).toISOString();
      const name = { firstName: account.firstName, lastName: account.lastName };
      await shop.putSuperOrder(code, {
        accountId: account.id,
        storefront: storefront.id,
        createdAt: createdAt.toISOString(),
        changedAt: createdAt.toISOString(),
        deliveryType: order.pickupPoint ? 'PickupPoint' : 'Home',
        deliveryPrice: demoDeliveryPrice(storefront, order.pickupPoint ? 'PickupPoint' : 'Home'),
        deliveryAddress: order.pickupPoint
          ? demoPickupPointAddress(storefront, order.pickupPoint, name)
          : demoDeliveryAddress(order.storefront, name),
        orders: [
          {
            id: `${code}-1`,
            products: order.products.map(([kind, quantity, voucher], line) =>
              demoProduct(kind, String(line + 1), quantity, storefront, voucher),
            ),
          },
        ],
      });
      const orderId = `${code}-1`;
      // A paid demo order was paid with the storefront's first method (iDEAL in the Netherlands): its invoice says so.
      const paidWith =
        order.payment === 'paymentSuccess'
          ? storefrontMethods(storefront.id, storefront.currency)[0]
          : undefined;
      await shop.putPayment(orderId, order.payment, at(order.paidAfterDays), paidWith);
      if (order.state === 'Cancelled') {
        await shop.putState(orderId, 'Cancelled', at(1));
      } else {
        // Each step a day apart, ending at the order's state.
        for (const [step, state] of path.slice(1, path.indexOf(order.state) + 1).entries()) {
          await shop.putState(orderId, state, at(Math.min(step + 1, order.daysAgo)));
        }
      }
      if (order.state !== 'Cancelled' && order.state !== 'Received') {
        const earliest = at(order.daysAgo <= 12 ? 14 : 5).slice(0, 10);
        const latest = at(order.daysAgo <= 12 ? 16 : 7).slice(0, 10);
        await shop.putDeliveryDates(orderId, { earliest, latest, changedAt: at(1) });
      }
      placed += 1;
    }
  }
  return placed;
}
