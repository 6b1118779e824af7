import {
  MAX_PRINTS_ORDER_PHOTOS,
  PRINTS_ORDER_PATH,
  printsOrderSearchParams,
  type PrintsCheckoutBody,
} from '@photo/contracts/prints-orders';
import { photoFilePath } from '@photo/contracts/photos';
import { serviceBasePath } from '@photo/contracts/endpoint';
import { DeliveryAddressSchema, orderPlacedPath, type DeliveryAddress } from '@photo/contracts/orders';
import { deliveryCapability } from '@photo/contracts/merchandise';
import type { Address } from '@photo/contracts/addresses';
import type { CustomersRepository } from '../customers/customers.repository';
import { articleSizeName, type MerchandiseService } from '../merchandise/merchandise.service';
import type { PaymentRecord } from '../payments/payments.repository';
import type { PaymentPurpose, PaymentsService } from '../payments/payments.service';
import type { Caller } from '../platform/caller';
import type { Clock } from '../platform/clock';
import { invalid, notFound } from '../platform/errors';
import type { BackgroundWork } from '../platform/job-queue';
import { isUuid, uuidv7 } from '../platform/uuid';
import type { OrderMails } from '../orders/order-mails';
import type { OrderIntakeService } from '../orders/order-intake.service';
import type { ResolvedStorefront } from '../storefronts/storefronts';
import type { TempSelectionsService } from '../temp-selections/temp-selections.service';
import type { PrintsCheckout, PrintsCheckoutsRepository } from './prints-checkouts.repository';

export const PRINTS_ORDER_PAYMENT_PURPOSE = 'prints-order';
export const PRINTS_CHECKOUTS_HOUSEKEEPING_JOB = 'prints-orders.housekeeping';
/** A checkout not paid within this many days is abandoned: its choice of photos and address go. */
export const ABANDONED_CHECKOUT_DAYS = 30;

/** The customer's saved delivery address by id, or undefined when it is not theirs. */
export type FindDeliveryAddress = (
  customerId: string,
  addressId: string,
) => Promise<DeliveryAddress | undefined>;

/** The order code a checkout becomes: stable, so placing it twice finds the same order. */
export const superOrderCodeFor = (checkoutId: string) =>
  `PR-${checkoutId.replaceAll('-', '').slice(-10).toUpperCase()}`;

/** Where an order's product image is: the photo's 300 px thumbnail on this origin (owner only). */
export const printImagePath = (photoId: string) =>
  `${serviceBasePath('photos')}${photoFilePath(photoId, 300)}`;

/** A saved address of the address book as an order's delivery address. */
export const deliveryAddressOf = ({
  id: _id,
  isDefaultDelivery: _delivery,
  isDefaultBilling: _billing,
  ...postal
}: Address): DeliveryAddress => postal;

/**
 * Prints ordered on this product's prints-order page (decision 088): the temp selection of the
 * caller's photos, priced from the merchandise catalogue only (never from the page), paid through the
 * payment provider, then placed as a super order the way the shop's own checkout places one.
 */
export function createPrintsOrdersService(deps: {
  checkouts: PrintsCheckoutsRepository;
  tempSelections: TempSelectionsService;
  merchandise: MerchandiseService;
  payments: PaymentsService;
  customers: CustomersRepository;
  shop: Pick<OrderIntakeService, 'putSuperOrder'>;
  mails: Pick<OrderMails, 'placed' | 'paid'>;
  findDeliveryAddress: FindDeliveryAddress;
  clock: Clock;
}) {
  const { checkouts, tempSelections, merchandise, payments } = deps;

  const deliveryAddressFor = async (
    caller: Caller,
    channelId: string,
    body: PrintsCheckoutBody,
  ): Promise<DeliveryAddress> => {
    if (body.deliveryType === 'Home') {
      const address =
        body.addressId && isUuid(body.addressId)
          ? await deps.findDeliveryAddress(caller.customerId, body.addressId)
          : undefined;
      if (!address) throw invalid('body.addressId', 'body.addressId: choose one of your delivery addresses');
      // Checked before the customer pays: an address the order cannot carry is refused now, not after.
      if (!DeliveryAddressSchema.safeParse(address).success)
        throw invalid('body.addressId', 'body.addressId: this address cannot be used for a delivery');
      return address;
    }
    const point = body.pickupPointId ? merchandise.pickupPoint(channelId, body.pickupPointId) : undefined;
    if (!point) throw invalid('body.pickupPointId', 'body.pickupPointId: choose one of the pickup points');
    const customer = await deps.customers.findById(caller.customerId);
    if (!customer) throw notFound('Customer not found');
    return {
      ...point.address,
      firstName: customer.firstName || customer.email,
      lastName: customer.lastName,
      pickupPointName: point.name,
    };
  };

  /** A paid checkout becomes a super order exactly as the shop's checkout places one (idempotent by code). */
  const placeOrder = async (code: string, checkout: PrintsCheckout) => {
    const now = deps.clock.now().toISOString();
    await deps.shop.putSuperOrder(code, {
      accountId: checkout.customerId,
      storefront: checkout.storefrontId,
      source: 'Web',
      currency: checkout.currency,
      createdAt: checkout.createdAt,
      changedAt: now,
      deliveryType: checkout.deliveryType,
      deliveryAddress: checkout.deliveryAddress,
      deliveryPrice: checkout.deliveryPriceMinor,
      orders: [
        {
          id: `${code}-1`,
          state: 'Confirmed',
          paymentStatus: 'paymentSuccess',
          paymentChangedDate: now,
          products: checkout.photoIds.map((photoId, index) => ({
            lineId: String(index + 1),
            code: checkout.productCode,
            articleName: checkout.articleName,
            articleGroup: 'prints',
            quantity: checkout.quantity,
            unitPrice: checkout.unitPriceMinor,
            imageUrl: printImagePath(photoId),
          })),
        },
      ],
    });
  };

  const failedPath = (checkout: PrintsCheckout) => {
    const search = new URLSearchParams({
      [printsOrderSearchParams.tempSelectionId]: checkout.tempSelectionId,
      [printsOrderSearchParams.productCode]: checkout.articleCode,
      [printsOrderSearchParams.payment]: 'failed',
    });
    return `${PRINTS_ORDER_PATH}?${search.toString()}`;
  };

  const purpose: PaymentPurpose = {
    async afterPayment(payment: PaymentRecord) {
      const checkout = await checkouts.findOwned(payment.customerId, payment.reference);
      if (!checkout) throw notFound('Order not found');
      if (payment.status !== 'paid') return failedPath(checkout);
      const code = checkout.superOrderCode ?? superOrderCodeFor(checkout.id);
      if (!checkout.superOrderCode) {
        await placeOrder(code, checkout);
        await checkouts.markPlaced(checkout.id, code);
      }
      // Each mail goes once, however often the browser comes back or the reconcile job runs.
      await deps.mails.placed(code, checkout.locale);
      await deps.mails.paid(code);
      return orderPlacedPath(code);
    },
  };
  payments.registerPurpose(PRINTS_ORDER_PAYMENT_PURPOSE, purpose);

  return {
    async createCheckout(
      caller: Caller,
      context: { storefront: ResolvedStorefront; locale: string },
      body: PrintsCheckoutBody,
    ): Promise<{ checkoutId: string; paymentUrl: string }> {
      const selection = await tempSelections.get(caller, body.tempSelectionId);
      const photos = selection.photoIds.length;
      if (photos > MAX_PRINTS_ORDER_PHOTOS)
        throw invalid(
          'body.tempSelectionId',
          `At most ${MAX_PRINTS_ORDER_PHOTOS} photos can be printed in one order`,
        );
      const channelId = context.storefront.storefront.channelId;
      if (!merchandise.hasCapability(channelId, body.articleCode, 'ORDERABLE_AS_PRINTS'))
        throw invalid('body.articleCode', 'body.articleCode: this article cannot be ordered as prints');
      if (!merchandise.hasCapability(channelId, body.articleCode, deliveryCapability[body.deliveryType]))
        throw invalid('body.deliveryType', 'body.deliveryType: not offered for this article');
      const line = merchandise.priceLine({
        channelId,
        articleCode: body.articleCode,
        sizeCode: body.sizeCode,
        paperCode: body.paperCode,
        finishCode: body.finishCode,
        quantity: body.quantity,
        locale: context.locale,
      });
      const deliveryPrice = merchandise.deliveryPrice(channelId, body.deliveryType);
      const address = await deliveryAddressFor(caller, channelId, body);
      const { size } = line;
      const id = uuidv7();
      const currency = line.unitPrice.currency;
      await checkouts.insert({
        id,
        customerId: caller.customerId,
        storefrontId: context.storefront.storefront.id,
        locale: context.locale,
        tempSelectionId: selection.tempSelectionId,
        photoIds: selection.photoIds,
        articleCode: line.article.code,
        articleName: articleSizeName(line.article.name, size, context.locale),
        sizeCode: size.code,
        productCode: size.productCode,
        paperCode: body.paperCode ?? null,
        finishCode: body.finishCode ?? null,
        quantity: body.quantity,
        currency,
        unitPriceMinor: line.unitPrice.amountMinor,
        deliveryType: body.deliveryType,
        deliveryPriceMinor: deliveryPrice.amountMinor,
        deliveryAddress: { ...address },
      });
      const total = line.total.amountMinor * photos + deliveryPrice.amountMinor;
      const started = await payments.start({
        customerId: caller.customerId,
        purpose: PRINTS_ORDER_PAYMENT_PURPOSE,
        reference: id,
        amount: { amountMinor: total, currency },
        description: `${articleSizeName(line.article.name, size, context.locale)}: ${photos} × ${body.quantity}`,
        origin: context.storefront.origin,
        locale: context.locale,
      });
      return { checkoutId: id, paymentUrl: started.redirectUrl };
    },

    /** Once a day, checkouts left unpaid for the abandonment period are deleted. */
    background: {
      handlers: {
        [PRINTS_CHECKOUTS_HOUSEKEEPING_JOB]: async () => {
          const cutoff = new Date(deps.clock.now().getTime() - ABANDONED_CHECKOUT_DAYS * 86_400_000);
          await checkouts.deleteAbandoned(cutoff, PRINTS_ORDER_PAYMENT_PURPOSE);
        },
      },
      schedules: [
        {
          name: PRINTS_CHECKOUTS_HOUSEKEEPING_JOB,
          kind: PRINTS_CHECKOUTS_HOUSEKEEPING_JOB,
          everySeconds: 24 * 60 * 60,
        },
      ],
    } satisfies BackgroundWork,
  };
}

export type PrintsOrdersService = ReturnType<typeof createPrintsOrdersService>;
