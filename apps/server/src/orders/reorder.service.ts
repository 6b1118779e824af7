import { randomInt } from 'node:crypto';
import { deliveryCapability } from '@photo/contracts/merchandise';
import type { ArticleGroup, ContinueTo, ReorderQuote, ReorderStatus } from '@photo/contracts/orders';
import type { MerchandiseService } from '../merchandise/merchandise.service';
import type {
  PaymentMethodsRepository,
  SavedPaymentMethod,
} from '../payment-methods/payment-methods.repository';
import type { Caller } from '../platform/caller';
import type { Clock } from '../platform/clock';
import { conflict, notFound } from '../platform/errors';
import type { OrderIntakeService } from './order-intake.service';
import { storefronts, type StorefrontContext } from '../storefronts/storefronts';
import type { OrderMails } from './order-mails';
import type { OrderPaymentsService } from './order-payments.service';
import type { OrdersRepository } from './orders.repository';

/**
 * docs/product/calls.md direct reorder (decision 115, issue 20): the lines of an order that can be made again, shown
 * at today's prices with where they go and how they are paid; once the customer confirms that very
 * total, a new order placed as the shop places one and paid at once (saved method) or on the
 * provider's page. Never an order awaiting a payment the customer has no way to make.
 */
export function createReorderService(deps: {
  orders: OrdersRepository;
  shop: Pick<OrderIntakeService, 'putSuperOrder'>;
  merchandise: Pick<MerchandiseService, 'product' | 'deliveryPrice' | 'productName'>;
  paymentMethods: Pick<PaymentMethodsRepository, 'savedOf' | 'isApprovedB2B'>;
  orderPayments: Pick<OrderPaymentsService, 'payPlaced'>;
  mails: Pick<OrderMails, 'placed'>;
  paymentsAvailable: boolean;
  /** The provider in use: a mandate another provider gave cannot be charged here. */
  providerName: string | undefined;
  clock: Clock;
}) {
  const { orders: repository, merchandise } = deps;

  /**
   * Products of the order's live orders that the catalogue still sells in the order's channel, marked
   * REORDERABLE and offered for the order's delivery type, each at today's price (a voucher of the
   * first order does not carry over); delivery costs today's price too.
   */
  const reorderableLines = async (caller: Caller, code: string) => {
    const superOrder = await repository.findSuperOrder(caller.customerId, code);
    if (!superOrder) throw notFound('Order not found');
    const live = (await repository.ordersOf(caller.customerId, [code])).filter(
      (order) => order.state !== 'Cancelled',
    );
    const channelId = storefronts.find((storefront) => storefront.id === superOrder.storefrontId)?.channelId;
    const delivery = deliveryCapability[superOrder.deliveryType];
    const lines = (await repository.productsOf(live.map((order) => order.id))).flatMap((product) => {
      const offered = channelId ? merchandise.product(channelId, product.productCode) : undefined;
      const capabilities = offered?.article.capabilities ?? [];
      return offered && capabilities.includes('REORDERABLE') && capabilities.includes(delivery)
        ? [{ product, price: offered.size.price }]
        : [];
    });
    return { superOrder, channelId, cancelled: live.length === 0, lines };
  };

  /** The saved method as it can be used now: a mandate of this provider, the invoice of an approved business. */
  const usableSavedMethod = async (customerId: string): Promise<SavedPaymentMethod | null> => {
    const saved = await deps.paymentMethods.savedOf(customerId);
    if (!saved) return null;
    if (saved.method === 'invoice')
      return (await deps.paymentMethods.isApprovedB2B(customerId)) ? saved : null;
    const chargeable = saved.mandate !== null && saved.provider === deps.providerName;
    return chargeable ? saved : { ...saved, mandate: null };
  };

  const canBePaid = (saved: SavedPaymentMethod | null) =>
    deps.paymentsAvailable || saved?.method === 'invoice';

  const buildQuote = async (caller: Caller, code: string, locale: string) => {
    const { superOrder, channelId, cancelled, lines } = await reorderableLines(caller, code);
    if (cancelled || !channelId || lines.length === 0) throw conflict('This order cannot be reordered');
    const deliveryPrice = merchandise.deliveryPrice(channelId, superOrder.deliveryType).amountMinor;
    const saved = await usableSavedMethod(caller.customerId);
    const quotedLines = lines.map(({ product, price }) => ({
      code: product.productCode,
      articleName: merchandise.productName(
        superOrder.storefrontId,
        product.productCode,
        locale,
        product.articleName,
      ),
      quantity: product.quantity,
      unitPrice: price.amountMinor,
      imageUrl: product.imageUrl,
    }));
    const quote: ReorderQuote = {
      orderCode: superOrder.code,
      currency: lines[0]!.price.currency,
      lines: quotedLines,
      deliveryType: superOrder.deliveryType,
      deliveryAddress: superOrder.deliveryAddress,
      deliveryPrice,
      totalPrice: quotedLines.reduce((sum, line) => sum + line.quantity * line.unitPrice, deliveryPrice),
      payment: {
        method: saved?.method ?? null,
        how: saved?.method === 'invoice' ? 'invoice' : saved?.mandate ? 'savedMethod' : 'providerPage',
      },
    };
    return { quote, superOrder, articleGroups: lines.map(({ product }) => product.articleGroup), saved };
  };

  return {
    async status(caller: Caller, code: string): Promise<ReorderStatus> {
      const { superOrder, cancelled, lines } = await reorderableLines(caller, code);
      if (cancelled) return { orderCode: superOrder.code, canReorder: false, reason: 'cancelled' };
      if (lines.length === 0)
        return { orderCode: superOrder.code, canReorder: false, reason: 'notReorderable' };
      if (!canBePaid(await usableSavedMethod(caller.customerId)))
        return { orderCode: superOrder.code, canReorder: false, reason: 'paymentsUnavailable' };
      return { orderCode: superOrder.code, canReorder: true, reason: null };
    },

    quote: async (caller: Caller, code: string, locale: string): Promise<ReorderQuote> =>
      (await buildQuote(caller, code, locale)).quote,

    /** Places the quoted order once the customer confirmed its total, then pays it. */
    async reorder(
      caller: Caller,
      code: string,
      confirmedTotal: number,
      context: StorefrontContext,
    ): Promise<ContinueTo> {
      const { quote, superOrder, articleGroups, saved } = await buildQuote(caller, code, context.locale);
      // Prices or the saved method changed since the customer looked: they confirm what they will pay.
      if (quote.totalPrice !== confirmedTotal)
        throw conflict('The total has changed since it was shown: look at the order again');
      if (!canBePaid(saved)) throw conflict('Nothing can be paid here now');
      const newCode = `${superOrder.code.split('-')[0]}-R${randomInt(10_000_000, 99_999_999)}`;
      const now = deps.clock.now().toISOString();
      await deps.shop.putSuperOrder(newCode, {
        accountId: caller.customerId,
        storefront: superOrder.storefrontId,
        source: superOrder.source,
        currency: quote.currency,
        createdAt: now,
        changedAt: now,
        deliveryType: superOrder.deliveryType,
        deliveryAddress: superOrder.deliveryAddress,
        deliveryPrice: quote.deliveryPrice,
        reorderOf: superOrder.code,
        orders: [
          {
            id: `${newCode}-1`,
            state: 'Received',
            paymentStatus: 'paymentPending',
            products: quote.lines.map((line, index) => ({
              lineId: String(index + 1),
              code: line.code,
              articleName: line.articleName,
              articleGroup: articleGroups[index] as ArticleGroup,
              quantity: line.quantity,
              unitPrice: line.unitPrice,
              ...(line.imageUrl ? { imageUrl: line.imageUrl } : {}),
            })),
          },
        ],
      });
      await deps.mails.placed(newCode, context.locale);
      return deps.orderPayments.payPlaced(caller, newCode, context, saved);
    },
  };
}

export type ReorderService = ReturnType<typeof createReorderService>;
