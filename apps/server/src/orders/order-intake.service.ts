import { cleanAddressFields } from '@photo/contracts/address-check';
import type {
  DeliveryAddress,
  DeliveryType,
  InternalOrderState,
  PaymentStatus,
} from '@photo/contracts/orders';
import type {
  ShopOrderChangeResult,
  ShopOrderStatus,
  ShopSuperOrder,
  ShopSuperOrderHistory,
  ShopSuperOrderInput,
  ShopSuperOrderPage,
  ShopSuperOrderParts,
} from '@photo/contracts/shop-api';
import type { PaymentMethodId } from '@photo/contracts/payment-methods';
import { ShopSuperOrderBodySchema } from '@photo/contracts/shop-api';
import type { CustomersRepository } from '../customers/customers.repository';
import type { Database, Queryable } from '../platform/database';
import { conflict, invalid, notFound } from '../platform/errors';
import { storefronts } from '../storefronts/storefronts';
import { resolveShopCustomer } from '../customers/shop-customer';
import { createOrdersRepository, type OrderRecord, type SuperOrderRecord } from './orders.repository';
import { decideState } from './order-rules';

const later = (a: Date, b: Date) => a.getTime() > b.getTime();

function toStatus(order: OrderRecord): ShopOrderStatus {
  return {
    id: order.id,
    superOrderCode: order.superOrderCode,
    state: order.state,
    stateChangedAt: order.stateChangedAt.toISOString(),
    paymentStatus: order.paymentStatus,
    paymentChangedDate: order.paymentChangedAt?.toISOString() ?? null,
    deliveryDates:
      order.deliveryEarliest && order.deliveryLatest
        ? { earliest: order.deliveryEarliest, latest: order.deliveryLatest }
        : null,
  };
}

function toShopSuperOrder(superOrder: SuperOrderRecord, orders: OrderRecord[]): ShopSuperOrder {
  return {
    superOrderCode: superOrder.code,
    customerId: superOrder.customerId,
    storefront: superOrder.storefrontId,
    currency: superOrder.currency,
    deliveryType: superOrder.deliveryType,
    createdAt: superOrder.createdAt.toISOString(),
    changedAt: superOrder.changedAt.toISOString(),
    orders: orders.map(toStatus),
  };
}

/** The shop's list cursor: the last super order's version time and code, opaque to the shop. */
const writeCursor = (superOrder: SuperOrderRecord) =>
  Buffer.from(JSON.stringify([superOrder.changedAt.toISOString(), superOrder.code])).toString('base64url');

function readCursor(cursor: string): { changedAt: Date; code: string } {
  try {
    const [changedAt, code] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof changedAt === 'string' && typeof code === 'string' && !Number.isNaN(Date.parse(changedAt))) {
      return { changedAt: new Date(changedAt), code };
    }
  } catch {
    // Falls through to the answer for any cursor this server did not make.
  }
  throw invalid('query.cursor', 'query.cursor: not a cursor of this list');
}

/** An order reached a new state: in the transaction that moved it, so what listens commits with it. */
export interface OrderStateChange {
  orderId: string;
  superOrderCode: string;
  customerId: string;
  state: InternalOrderState;
  changedAt: Date;
}

/** Other parts of the product that act on state changes (B2B callbacks, invoices): written in the same transaction. */
export type OrderStateListener = (tx: Queryable, change: OrderStateChange) => Promise<void>;

/** Moves an order as decideState says; shared by the super order's PUT and the state PUT. */
async function applyState(
  tx: Queryable,
  order: OrderRecord,
  reported: InternalOrderState,
  at: Date,
  onStateChanged: OrderStateListener,
): Promise<boolean> {
  // A state cannot have been reached before the order was placed: a clock or a code is wrong.
  if (at.getTime() < order.createdAt.getTime()) {
    throw invalid('body.changedAt', "body.changedAt: must not be before the super order's createdAt");
  }
  const repository = createOrdersRepository(tx);
  const decision = decideState({ state: order.state, since: order.stateChangedAt }, { state: reported, at });
  await repository.recordState(order.id, reported, at, decision.applied);
  if (decision.move) {
    await repository.setState(order.id, reported, at);
    await onStateChanged(tx, {
      orderId: order.id,
      superOrderCode: order.superOrderCode,
      customerId: order.customerId,
      state: reported,
      changedAt: at,
    });
  }
  return decision.move;
}

/** A payment status only replaces one the shop reported earlier. */
async function applyPayment(
  tx: Queryable,
  order: OrderRecord,
  payment: { status: PaymentStatus; at: Date; method: PaymentMethodId | null },
) {
  if (order.paymentChangedAt && !later(payment.at, order.paymentChangedAt)) return false;
  await createOrdersRepository(tx).setPayment(order.id, payment);
  return true;
}

/**
 * The shop's writes (the shop-side API's rules). Every write is idempotent by the shop's ids, and
 * none moves an order back: states only go forward, and payment, delivery dates and the super
 * order's own fields only take a report newer than the one they hold (decision 080).
 *
 * Other parts of this product that take orders (the prints-order page, reorder) place them through
 * `putSuperOrder`, exactly as the shop's checkout does over HTTP.
 */
export function createOrderIntakeService(deps: {
  db: Database;
  customers: CustomersRepository;
  onStateChanged?: OrderStateListener[];
}) {
  const { db, customers } = deps;
  const onStateChanged: OrderStateListener = async (tx, change) => {
    for (const listener of deps.onStateChanged ?? []) await listener(tx, change);
  };

  const resolveCustomer = (input: { accountId?: string | undefined; email?: string | undefined }) =>
    resolveShopCustomer(customers, input);

  const readSuperOrder = async (tx: Queryable, code: string): Promise<ShopSuperOrder> => {
    const repository = createOrdersRepository(tx);
    const superOrder = await repository.lockSuperOrder(code);
    if (!superOrder) throw notFound('No such super order');
    return toShopSuperOrder(superOrder, await repository.ordersOfSuperOrder(code));
  };

  const changeOrder = async (
    orderId: string,
    change: (tx: Queryable, order: OrderRecord) => Promise<boolean>,
  ): Promise<ShopOrderChangeResult> =>
    db.transaction(async (tx) => {
      const repository = createOrdersRepository(tx);
      const order = await repository.lockOrder(orderId);
      if (!order) throw notFound('No such order');
      const applied = await change(tx, order);
      return { applied, order: toStatus((await repository.lockOrder(orderId))!) };
    });

  return {
    /** Creates the super order, or brings it up to date with a newer version of it. */
    async putSuperOrder(
      code: string,
      input: ShopSuperOrderInput,
    ): Promise<{
      created: boolean;
      applied: boolean;
      parts: ShopSuperOrderParts;
      superOrder: ShopSuperOrder;
    }> {
      const body = ShopSuperOrderBodySchema.parse(input);
      const storefront = storefronts.find((candidate) => candidate.id === body.storefront);
      if (!storefront)
        throw invalid('body.storefront', `body.storefront: unknown storefront ${body.storefront}`);
      // The customer pays and is shown prices in their storefront's currency, nothing else.
      if (body.currency !== undefined && body.currency !== storefront.currency) {
        throw invalid('body.currency', `body.currency: ${body.storefront} takes ${storefront.currency}`);
      }
      if (new Date(body.changedAt).getTime() < new Date(body.createdAt).getTime()) {
        throw invalid('body.changedAt', 'body.changedAt: must not be before body.createdAt');
      }
      const customerId = await resolveCustomer(body);
      const orderIds = body.orders.map((order) => order.id);
      if (new Set(orderIds).size !== orderIds.length) {
        throw invalid('body.orders', 'body.orders: order ids must be unique');
      }
      for (const order of body.orders) {
        const lineIds = order.products.map((product) => product.lineId);
        if (new Set(lineIds).size !== lineIds.length) {
          throw invalid('body.orders', `body.orders: line ids of order ${order.id} must be unique`);
        }
      }
      const changedAt = new Date(body.changedAt);
      const fields = {
        code,
        customerId,
        storefrontId: storefront.id,
        source: body.source,
        currency: storefront.currency,
        deliveryType: body.deliveryType,
        // Typed by the customer at the shop's checkout, shown on their orders and invoices (decision 118).
        deliveryAddress: cleanAddressFields(body.deliveryAddress),
        deliveryPrice: body.deliveryPrice,
        createdAt: body.createdAt,
        changedAt: body.changedAt,
        reorderOf: body.reorderOf ?? null,
      };

      return db.transaction(async (tx) => {
        const repository = createOrdersRepository(tx);
        const existing = await repository.lockSuperOrder(code);
        if (existing && existing.customerId !== customerId) {
          throw conflict('This super order code belongs to another customer');
        }
        const fresh = !existing || !later(existing.changedAt, changedAt);
        if (!existing) await repository.insertSuperOrder(fields);
        else if (fresh) await repository.updateSuperOrder(fields);

        const stored = new Map((await repository.ordersOfSuperOrder(code)).map((order) => [order.id, order]));
        const parts: ShopSuperOrderParts = { superOrder: fresh, orders: [] };
        for (const [position, order] of body.orders.entries()) {
          const state = order.state ?? 'Received';
          const current = stored.get(order.id);
          if (!current) {
            const owner = await repository.lockOrder(order.id);
            if (owner) throw conflict(`Order ${order.id} belongs to another super order`);
            await repository.insertOrder(code, customerId, {
              id: order.id,
              position,
              state,
              stateChangedAt: body.changedAt,
              paymentStatus: order.paymentStatus ?? 'paymentPending',
              paymentChangedAt: order.paymentStatus ? (order.paymentChangedDate ?? body.changedAt) : null,
              paymentMethod: order.paymentMethod ?? null,
            });
            await repository.recordState(order.id, state, changedAt, true);
            await onStateChanged(tx, {
              orderId: order.id,
              superOrderCode: code,
              customerId,
              state,
              changedAt,
            });
            parts.orders.push({
              id: order.id,
              state: true,
              payment: order.paymentStatus !== undefined,
              products: true,
            });
          } else {
            const stateApplied = await applyState(tx, current, state, changedAt, onStateChanged);
            // A status without its own date is the one the shop's body was made with (often the
            // checkout's): it fills in a payment never reported, and never replaces a reported one,
            // which only a dated, newer status or the payment call changes.
            const payment =
              order.paymentStatus && (order.paymentChangedDate || !current.paymentChangedAt)
                ? {
                    status: order.paymentStatus,
                    at: new Date(order.paymentChangedDate ?? body.changedAt),
                    method: order.paymentMethod ?? null,
                  }
                : undefined;
            const paymentApplied = payment ? await applyPayment(tx, current, payment) : false;
            parts.orders.push({
              id: order.id,
              state: stateApplied,
              payment: paymentApplied,
              products: fresh,
            });
          }
          if (!current || fresh) {
            await repository.replaceProducts(
              order.id,
              order.products.map((product, index) => ({
                lineId: product.lineId,
                position: index,
                productCode: product.code,
                articleName: product.articleName,
                articleGroup: product.articleGroup,
                quantity: product.quantity,
                unitPrice: product.unitPrice,
                imageUrl: product.imageUrl ?? null,
                voucher: product.voucher ?? null,
                processingStatus: product.processingStatus ?? null,
              })),
            );
          }
        }
        const applied =
          parts.superOrder || parts.orders.some((part) => part.state || part.payment || part.products);
        return { created: !existing, applied, parts, superOrder: await readSuperOrder(tx, code) };
      });
    },

    /**
     * A page of super orders, oldest version first. The cursor is the last item's version and code,
     * so a super order changed while the shop pages through comes again on a later page.
     */
    async listSuperOrders(query: {
      storefront?: string | undefined;
      accountId?: string | undefined;
      changedSince?: string | undefined;
      cursor?: string | undefined;
      limit: number;
    }): Promise<ShopSuperOrderPage> {
      const repository = createOrdersRepository(db);
      const superOrders = await repository.listForShop({
        storefrontId: query.storefront,
        customerId: query.accountId,
        changedSince: query.changedSince ? new Date(query.changedSince) : undefined,
        after: query.cursor === undefined ? undefined : readCursor(query.cursor),
        limit: query.limit,
      });
      const orders = await repository.ordersOfSuperOrders(superOrders.map((superOrder) => superOrder.code));
      const last = superOrders.at(-1);
      return {
        items: superOrders.map((superOrder) =>
          toShopSuperOrder(
            superOrder,
            orders.filter((order) => order.superOrderCode === superOrder.code),
          ),
        ),
        nextCursor: last && superOrders.length === query.limit ? writeCursor(last) : null,
      };
    },

    async getSuperOrder(code: string): Promise<ShopSuperOrder> {
      return db.transaction((tx) => readSuperOrder(tx, code));
    },

    /** Cancels every order of the super order as the state PUT would, in one transaction. */
    async cancelSuperOrder(
      code: string,
      changedAt: string,
    ): Promise<{ orders: Array<{ id: string; applied: boolean }>; superOrder: ShopSuperOrder }> {
      return db.transaction(async (tx) => {
        const repository = createOrdersRepository(tx);
        if (!(await repository.lockSuperOrder(code))) throw notFound('No such super order');
        const at = new Date(changedAt);
        const orders = [];
        for (const order of await repository.ordersOfSuperOrder(code)) {
          orders.push({
            id: order.id,
            applied: await applyState(tx, order, 'Cancelled', at, onStateChanged),
          });
        }
        return { orders, superOrder: await readSuperOrder(tx, code) };
      });
    },

    /** Every state the shop reported for the super order's orders, the ones not taken marked. */
    async getSuperOrderHistory(code: string): Promise<ShopSuperOrderHistory> {
      return db.transaction(async (tx) => {
        const repository = createOrdersRepository(tx);
        if (!(await repository.lockSuperOrder(code))) throw notFound('No such super order');
        const orders = await repository.ordersOfSuperOrder(code);
        const changes = await repository.historyOf(
          orders.map((order) => order.id),
          { rejected: true },
        );
        return {
          superOrderCode: code,
          orders: orders.map((order) => ({
            id: order.id,
            history: changes
              .filter((change) => change.orderId === order.id)
              .map((change) => ({
                state: change.state,
                changedAt: change.occurredAt.toISOString(),
                applied: change.applied,
              })),
          })),
        };
      });
    },

    async putDelivery(
      code: string,
      delivery: { deliveryType: DeliveryType; deliveryAddress: DeliveryAddress; changedAt: string },
    ): Promise<{ applied: boolean; superOrder: ShopSuperOrder }> {
      return db.transaction(async (tx) => {
        const repository = createOrdersRepository(tx);
        const existing = await repository.lockSuperOrder(code);
        if (!existing) throw notFound('No such super order');
        const changedAt = new Date(delivery.changedAt);
        const applied = !later(existing.changedAt, changedAt);
        if (applied) {
          const deliveryAddress = cleanAddressFields(delivery.deliveryAddress);
          await repository.updateDelivery(code, { ...delivery, deliveryAddress, changedAt });
        }
        return { applied, superOrder: await readSuperOrder(tx, code) };
      });
    },

    /** `tracking`: the parcel, with Dispatched only; a later Dispatched report may correct it. */
    putState(
      orderId: string,
      state: InternalOrderState,
      changedAt: string,
      tracking?: { carrier: string; number: string },
    ) {
      if (tracking && state !== 'Dispatched') {
        throw invalid('body.tracking', 'body.tracking: only a Dispatched order has a parcel');
      }
      return changeOrder(orderId, async (tx, order) => {
        const moved = await applyState(tx, order, state, new Date(changedAt), onStateChanged);
        const dispatched = moved || order.state === 'Dispatched';
        const tracked =
          tracking !== undefined &&
          dispatched &&
          (await createOrdersRepository(tx).setTracking(order.id, tracking));
        return moved || tracked;
      });
    },

    /** `method`: how the customer paid, when the shop says; printed on the invoice. */
    putPayment(orderId: string, status: PaymentStatus, changedAt: string, method?: PaymentMethodId) {
      return changeOrder(orderId, (tx, order) =>
        applyPayment(tx, order, { status, at: new Date(changedAt), method: method ?? null }),
      );
    },

    putDeliveryDates(orderId: string, dates: { earliest: string; latest: string; changedAt: string }) {
      if (dates.earliest > dates.latest) {
        throw invalid('body.earliest', 'body.earliest: must not be after body.latest');
      }
      return changeOrder(orderId, async (tx, order) => {
        const at = new Date(dates.changedAt);
        if (order.deliveryDatesChangedAt && !later(at, order.deliveryDatesChangedAt)) return false;
        await createOrdersRepository(tx).setDeliveryDates(order.id, dates.earliest, dates.latest, at);
        return true;
      });
    },

    async putVoucherOffer(
      code: string,
      offer: {
        campaignName: string;
        title: string;
        description: string;
        discountPercent?: number | undefined;
        discountAmount?: number | undefined;
        currency?: string | undefined;
        validUntil?: string | undefined;
        changedAt: string;
      },
    ): Promise<{ applied: boolean }> {
      const applied = await createOrdersRepository(db).putVoucherOffer(
        {
          code,
          campaignName: offer.campaignName,
          title: offer.title,
          description: offer.description,
          discountPercent: offer.discountPercent ?? null,
          discountAmount: offer.discountAmount ?? null,
          currency: offer.currency ?? null,
          validUntil: offer.validUntil ?? null,
        },
        new Date(offer.changedAt),
      );
      return { applied };
    },

    async putCampaign(
      storefrontId: string,
      name: string,
      campaign: {
        title: string;
        cutoffs: Array<{ articleGroup: string; orderBy: string }>;
        changedAt: string;
      },
    ): Promise<{ applied: boolean }> {
      if (!storefronts.some((candidate) => candidate.id === storefrontId))
        throw notFound('No such storefront');
      const applied = await createOrdersRepository(db).putCampaign(
        storefrontId,
        { name, title: campaign.title, cutoffs: campaign.cutoffs },
        new Date(campaign.changedAt),
      );
      return { applied };
    },
  };
}

export type OrderIntakeService = ReturnType<typeof createOrderIntakeService>;
