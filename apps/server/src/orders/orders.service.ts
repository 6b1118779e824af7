import type { PostalAddress } from '@photo/contracts/addresses';
import {
  externalStatusOf,
  type Campaign,
  type DeliveryAddress,
  type DeliveryDates,
  type ExternalOrderStatus,
  type Order,
  type SuperOrder,
  type SuperOrderDetails,
  type SuperOrderList,
  type VoucherDetails,
} from '@photo/contracts/orders';
import { PRODUCT_PDF_PURPOSE } from '@photo/contracts/products';
import type { Caller } from '../platform/caller';
import type { Clock } from '../platform/clock';
import { conflict, notFound } from '../platform/errors';
import type { MerchandiseService } from '../merchandise/merchandise.service';
import type { OrderPaymentsService } from './order-payments.service';
import { fileForReader, productFileUrl } from '../products/products.service';
import { trackingUrl } from './carriers';
import { canChangeDeliveryAddress, isInProgress, unpaidExpirySince } from './order-rules';
import type {
  OrderRecord,
  OrdersRepository,
  ProductRecord,
  StateChangeRecord,
  SuperOrderRecord,
} from './orders.repository';

/** The address book's one validator of postal addresses (`addresses/address-validator.ts`). */
export type PostalAddressValidator = (address: PostalAddress) => PostalAddress;

/** A super order's status: its least advanced live order's, or Cancelled when all are. */
function superOrderStatus(orders: OrderRecord[]): ExternalOrderStatus {
  const live = orders.filter((order) => order.state !== 'Cancelled');
  if (live.length === 0) return 'Cancelled';
  const order = ['AwaitingPayment', 'Ordered', 'InProduction', 'Sent'] as const;
  const ranks = live.map((entry) => order.indexOf(externalStatusOf[entry.state] as (typeof order)[number]));
  return order[Math.min(...ranks)]!;
}

/** An order line's name in the reader's language, from the catalogue; the shop's own name when the catalogue lacks it. */
type ProductNamer = (product: ProductRecord) => string;

function toOrder(order: OrderRecord, products: ProductRecord[], now: Date, nameOf: ProductNamer): Order {
  const status = externalStatusOf[order.state];
  const paymentChangedDate = order.paymentChangedAt?.toISOString() ?? null;
  return {
    code: order.id,
    superOrderCode: order.superOrderCode,
    createdAt: order.createdAt.toISOString(),
    state: order.state,
    status,
    paymentStatus: order.paymentStatus,
    paymentChangedDate,
    inProgress: isInProgress(order, now),
    products: products.map((product) => ({
      lineId: product.lineId,
      code: product.productCode,
      articleName: nameOf(product),
      articleGroup: product.articleGroup,
      quantity: product.quantity,
      unitPrice: product.unitPrice,
      imageUrl: product.imageUrl,
      voucher: product.voucher,
      status,
      paymentChangedDate,
      processingStatus: product.processingStatus,
    })),
  };
}

const trackingOf = ({ trackingCarrier: carrier, trackingNumber: number }: OrderRecord) =>
  carrier && number ? { carrier, number, url: trackingUrl(carrier, number) } : null;

const deliveryDatesOf = (order: OrderRecord): DeliveryDates | null =>
  order.deliveryEarliest && order.deliveryLatest
    ? { orderId: order.id, earliest: order.deliveryEarliest, latest: order.deliveryLatest }
    : null;

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** The customer's orders (docs/product/calls.md 'Orders'): every read and change scoped to the caller. */
export function createOrdersService(deps: {
  orders: OrdersRepository;
  /** The one catalogue: product names in the reader's language. */
  merchandise: Pick<MerchandiseService, 'productName' | 'articleGroups'>;
  /** Whether an order can be paid or cancelled by its customer now (issue 20). */
  orderPayments: Pick<OrderPaymentsService, 'canPay' | 'canCancel'>;
  clock: Clock;
  validateAddress: PostalAddressValidator;
}) {
  const { orders: repository, merchandise, clock } = deps;

  /** Names as the storefront the customer reads on sells the product (its catalogue, its language). */
  const namerFor =
    (caller: Caller, locale: string): ProductNamer =>
    (product) =>
      merchandise.productName(caller.storefrontId, product.productCode, locale, product.articleName);

  const assemble = async (
    customerId: string,
    superOrders: SuperOrderRecord[],
    now: Date,
    nameOf: ProductNamer,
  ) => {
    const orders = await repository.ordersOf(
      customerId,
      superOrders.map((superOrder) => superOrder.code),
    );
    const products = groupBy(
      await repository.productsOf(orders.map((order) => order.id)),
      (product) => product.orderId,
    );
    const ordersByCode = groupBy(orders, (order) => order.superOrderCode);
    return superOrders.map((superOrder) => {
      const own = ordersByCode.get(superOrder.code) ?? [];
      const mapped = own.map((order) => toOrder(order, products.get(order.id) ?? [], now, nameOf));
      const allProducts = mapped.flatMap((order) => order.products);
      const entry: SuperOrder = {
        orderCode: superOrder.code,
        createdAt: superOrder.createdAt.toISOString(),
        source: superOrder.source,
        storefront: superOrder.storefrontId,
        currency: superOrder.currency,
        deliveryType: superOrder.deliveryType,
        deliveryAddress: superOrder.deliveryAddress,
        status: superOrderStatus(own),
        inProgress: mapped.some((order) => order.inProgress),
        productCount: allProducts.reduce((sum, product) => sum + product.quantity, 0),
        deliveryPrice: superOrder.deliveryPrice,
        totalPrice: allProducts.reduce(
          (sum, product) => sum + product.quantity * product.unitPrice,
          superOrder.deliveryPrice,
        ),
        canPay: deps.orderPayments.canPay(own, now),
        canCancel: deps.orderPayments.canCancel(own, now),
        orders: mapped,
      };
      return { entry, records: own };
    });
  };

  const ownSuperOrder = async (caller: Caller, code: string) => {
    const superOrder = await repository.findSuperOrder(caller.customerId, code);
    if (!superOrder) throw notFound('Order not found');
    return superOrder;
  };

  const details = async (caller: Caller, code: string, locale: string): Promise<SuperOrderDetails> => {
    const superOrder = await ownSuperOrder(caller, code);
    const [assembled] = await assemble(
      caller.customerId,
      [superOrder],
      clock.now(),
      namerFor(caller, locale),
    );
    const { entry, records } = assembled!;
    const orderIds = records.map((order) => order.id);
    const [changes, sheetLanguages] = await Promise.all([
      repository.historyOf(orderIds),
      repository.productFileLanguages(orderIds, PRODUCT_PDF_PURPOSE),
    ]);
    // Linked only where the file route has a sheet for this reader, so no link answers 404.
    const hasSheet = (productCode: string) =>
      fileForReader(
        (sheetLanguages.get(productCode) ?? []).map((language) => ({ language })),
        locale,
      ) !== undefined;
    const history = groupBy<StateChangeRecord>(changes, (change) => change.orderId);
    return {
      ...entry,
      orders: entry.orders.map((order, index) => ({
        ...order,
        products: order.products.map((product) => ({
          ...product,
          productPdfUrl: hasSheet(product.code) ? productFileUrl(product.code, PRODUCT_PDF_PURPOSE) : null,
        })),
        history: (history.get(order.code) ?? []).map((change) => ({
          state: change.state,
          status: externalStatusOf[change.state],
          occurredAt: change.occurredAt.toISOString(),
        })),
        deliveryDates: deliveryDatesOf(records[index]!),
        tracking: trackingOf(records[index]!),
      })),
      canChangeDeliveryAddress: canChangeDeliveryAddress(
        superOrder.deliveryType,
        records.map((order) => order.state),
      ),
      reorderOf: superOrder.reorderOf,
    };
  };

  return {
    async list(
      caller: Caller,
      query: { offset: number; limit: number; notExpired: boolean },
      locale: string,
    ): Promise<SuperOrderList> {
      const now = clock.now();
      const since = query.notExpired ? unpaidExpirySince(now) : null;
      const [superOrders, orderCount] = await Promise.all([
        repository.listSuperOrders(caller.customerId, query, since),
        repository.countSuperOrders(caller.customerId, since),
      ]);
      const items = (await assemble(caller.customerId, superOrders, now, namerFor(caller, locale))).map(
        ({ entry }) => entry,
      );
      return { items, orderCount };
    },

    details,

    /** docs/product/states.md: only before production and only for Home delivery; the stored address is answered. */
    async changeDeliveryAddress(
      caller: Caller,
      code: string,
      address: PostalAddress,
    ): Promise<DeliveryAddress> {
      const superOrder = await ownSuperOrder(caller, code);
      if (superOrder.deliveryType === 'PickupPoint') {
        throw conflict('The order goes to a pickup point: its address cannot change to a home address');
      }
      const checked = deps.validateAddress(address);
      const orders = await repository.ordersOf(caller.customerId, [code]);
      if (
        !canChangeDeliveryAddress(
          superOrder.deliveryType,
          orders.map((order) => order.state),
        )
      ) {
        throw conflict('Production has started: the delivery address can no longer change');
      }
      await repository.updateDelivery(code, {
        deliveryType: 'Home',
        deliveryAddress: checked,
        changedAt: clock.now(),
      });
      return (await ownSuperOrder(caller, code)).deliveryAddress;
    },

    /** docs/product/calls.md byAccount: only the caller's own account; any other account id is 404. */
    async accountOrders(
      caller: Caller,
      accountId: string,
      query: { articleNames: string[]; offset: number; limit: number },
      locale: string,
    ): Promise<{ items: Order[]; orderCount: number }> {
      if (accountId !== caller.customerId) throw notFound('Account not found');
      const { orders, count } = await repository.listOrders(caller.customerId, query.articleNames, query);
      const products = groupBy(
        await repository.productsOf(orders.map((order) => order.id)),
        (product) => product.orderId,
      );
      const now = clock.now();
      return {
        items: orders.map((order) =>
          toOrder(order, products.get(order.id) ?? [], now, namerFor(caller, locale)),
        ),
        orderCount: count,
      };
    },

    async order(caller: Caller, id: string, locale: string): Promise<Order> {
      const order = await repository.findOrder(caller.customerId, id);
      if (!order) throw notFound('Order not found');
      return toOrder(order, await repository.productsOf([id]), clock.now(), namerFor(caller, locale));
    },

    async deliveryDates(caller: Caller, id: string): Promise<DeliveryDates> {
      const order = await repository.findOrder(caller.customerId, id);
      const dates = order && deliveryDatesOf(order);
      if (!dates) throw notFound('No delivery dates');
      return dates;
    },

    articleGroups: () => ({ items: merchandise.articleGroups() }),

    async campaign(caller: Caller, name: string): Promise<Campaign> {
      const campaign = await repository.findCampaign(caller.storefrontId, name);
      if (!campaign) throw notFound('No such campaign');
      return campaign;
    },

    /** 404 unless the code is on one of the caller's products and the shop knows its offer. */
    async voucherOffer(caller: Caller, code: string): Promise<VoucherDetails> {
      const used = await repository.customerUsedVoucher(caller.customerId, code);
      const offer = used ? await repository.findVoucherOffer(code) : undefined;
      if (!offer) throw notFound('Voucher not found');
      return { isVoucherFound: true, offer };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
