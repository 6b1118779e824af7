import { postalAddressLines } from '@photo/contracts/addresses';
import { formatMoney } from '@photo/contracts/money';
import type { DeliveryType } from '@photo/contracts/orders';
import { createCustomersRepository } from '../customers/customers.repository';
import { enqueueMail } from '../mail/mail-outbox.service';
import { defineMailTemplate, greeting, type MailBlock } from '../mail/mail-template';
import type { MailMessageKey, MailTranslate } from '../mail/mail-messages';
import type { MerchandiseService } from '../merchandise/merchandise.service';
import type { Database, Queryable } from '../platform/database';
import type { OrderStateChange } from './order-intake.service';
import type { StorefrontResolver } from '../storefronts/storefronts';
import { createOrdersRepository } from './orders.repository';

/** What the order mails show of an order, as it is when the mail is written. */
interface OrderMailParams {
  firstName: string;
  orderCode: string;
  orderUrl: string;
  currency: string;
  lines: Array<{ name: string; quantity: number; unitPrice: number }>;
  deliveryType: DeliveryType;
  deliveryPrice: number;
  totalPrice: number;
  deliveryAddressLines: string[];
}

const orderSummary = (params: OrderMailParams, t: MailTranslate, locale: string): MailBlock[] => {
  const money = (minor: number) => formatMoney(minor, params.currency, locale);
  return [
    {
      kind: 'table',
      caption: t('order.products'),
      totalRow: true,
      rows: [
        ...params.lines.map((line) => ({
          label: t('order.line', { quantity: line.quantity, name: line.name }),
          value: money(line.quantity * line.unitPrice),
        })),
        { label: t('order.delivery'), value: money(params.deliveryPrice) },
        { label: t('order.total'), value: money(params.totalPrice) },
      ],
    },
    {
      kind: 'paragraph',
      text: t(params.deliveryType === 'PickupPoint' ? 'order.toPickupPoint' : 'order.toAddress', {
        address: params.deliveryAddressLines.join(', '),
      }),
    },
  ];
};

/** A mail about an order: a greeting, what happened, the order's lines and total, what comes next. */
const orderMail = (
  name: string,
  keys: { subject: MailMessageKey; intro: MailMessageKey; next: MailMessageKey },
) =>
  defineMailTemplate<OrderMailParams>({
    name,
    compose: (params, t, { locale }) => ({
      subject: t(keys.subject, { code: params.orderCode }),
      blocks: [
        greeting(t, params.firstName),
        {
          kind: 'paragraph',
          text: t(keys.intro, {
            code: params.orderCode,
            amount: formatMoney(params.totalPrice, params.currency, locale),
          }),
        },
        ...orderSummary(params, t, locale),
        { kind: 'paragraph', text: t(keys.next) },
        { kind: 'action', label: t('order.view'), url: params.orderUrl },
      ],
    }),
  });

/** Sent when an order is placed here (the prints-order page, a reorder). */
export const orderConfirmationMail = orderMail('order.confirmation', {
  subject: 'orderConfirmation.subject',
  intro: 'orderConfirmation.intro',
  next: 'orderConfirmation.next',
});

/** Sent once the provider says the order's payment arrived. */
export const paymentReceivedMail = orderMail('order.payment-received', {
  subject: 'paymentReceived.subject',
  intro: 'paymentReceived.intro',
  next: 'paymentReceived.next',
});

/** Sent when the shop reports an order dispatched, with the delivery dates it planned. */
export const orderSentMail = defineMailTemplate<
  OrderMailParams & { delivery: { earliest: string; latest: string } | null }
>({
  name: 'order.sent',
  compose: (params, t, { locale }) => {
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
    const expected = params.delivery
      ? params.delivery.earliest === params.delivery.latest
        ? t('orderSent.expectedOn', { date: day.format(new Date(params.delivery.earliest)) })
        : t('orderSent.expectedBetween', {
            earliest: day.format(new Date(params.delivery.earliest)),
            latest: day.format(new Date(params.delivery.latest)),
          })
      : t('orderSent.expectedSoon');
    return {
      subject: t('orderSent.subject', { code: params.orderCode }),
      blocks: [
        greeting(t, params.firstName),
        { kind: 'paragraph', text: t('orderSent.intro', { code: params.orderCode }) },
        { kind: 'paragraph', text: expected },
        ...orderSummary(params, t, locale),
        { kind: 'action', label: t('order.view'), url: params.orderUrl },
      ],
    };
  },
});

/**
 * The mails about an order (issue 20), each sent once whatever repeats the step behind it: the
 * confirmation and the payment receipt of orders placed here, and the 'sent' mail of every order the
 * shop dispatches unless the shop mails its own (`ORDER_SENT_MAILS=false`). Names come from the
 * catalogue in the language of the mail; every mail goes through the one outbox.
 */
export function createOrderMails(deps: {
  db: Database;
  merchandise: Pick<MerchandiseService, 'productName'>;
  storefronts: StorefrontResolver;
  sentMails: boolean;
}) {
  const paramsOf = async (tx: Queryable, code: string, locale: string, only?: string) => {
    const orders = createOrdersRepository(tx);
    const superOrder = await orders.lockSuperOrder(code);
    if (!superOrder) return undefined;
    // In the caller's transaction: on the embedded database another connection would wait for it.
    const customer = await createCustomersRepository(tx).findById(superOrder.customerId);
    if (!customer || customer.deleted) return undefined;
    const live = (await orders.ordersOfSuperOrder(code)).filter(
      (order) => order.state !== 'Cancelled' && (!only || order.id === only),
    );
    const products = await orders.productsOf(live.map((order) => order.id));
    const lines = products.map((product) => ({
      name: deps.merchandise.productName(
        superOrder.storefrontId,
        product.productCode,
        locale,
        product.articleName,
      ),
      quantity: product.quantity,
      unitPrice: product.unitPrice,
    }));
    const resolved = deps.storefronts.byId(superOrder.storefrontId);
    const params: OrderMailParams = {
      firstName: customer.firstName,
      orderCode: code,
      orderUrl: `${resolved.origin}/orders/${encodeURIComponent(code)}`,
      currency: superOrder.currency,
      lines,
      deliveryType: superOrder.deliveryType,
      deliveryPrice: superOrder.deliveryPrice,
      totalPrice: lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, superOrder.deliveryPrice),
      deliveryAddressLines: [
        superOrder.deliveryAddress.pickupPointName ?? '',
        ...postalAddressLines(
          superOrder.deliveryAddress,
          new Intl.DisplayNames([locale], { type: 'region' }).of(superOrder.deliveryAddress.country) ??
            superOrder.deliveryAddress.country,
        ),
      ].filter(Boolean),
    };
    return { params, email: customer.email, resolved, live };
  };

  /** The locale the mail is written in: the one it was ordered in, else one of the storefront's. */
  const localeFor = async (tx: Queryable, code: string, storefrontId: string, preferred?: string) => {
    const locales = deps.storefronts.byId(storefrontId).storefront.locales;
    const candidate = preferred ?? (await createOrdersRepository(tx).orderMailLocale(code));
    return candidate && locales.includes(candidate) ? candidate : locales[0]!;
  };

  const storefrontOf = async (tx: Queryable, code: string) =>
    (await createOrdersRepository(tx).lockSuperOrder(code))?.storefrontId;

  const sendOnce = async (
    tx: Queryable,
    code: string,
    kind: string,
    preferredLocale: string | undefined,
    write: (mail: NonNullable<Awaited<ReturnType<typeof paramsOf>>>, locale: string) => Promise<unknown>,
    only?: string,
  ) => {
    const storefrontId = await storefrontOf(tx, code);
    if (!storefrontId) return;
    const locale = await localeFor(tx, code, storefrontId, preferredLocale);
    if (!(await createOrdersRepository(tx).claimOrderMail(code, kind, locale))) return;
    const mail = await paramsOf(tx, code, locale, only);
    if (mail) await write(mail, locale);
  };

  /** One of the order's mails, in its own transaction, once. */
  const mailOnce = (
    code: string,
    kind: 'placed' | 'paid',
    template: typeof orderConfirmationMail,
    locale: string | undefined,
  ) =>
    deps.db.transaction((tx) =>
      sendOnce(tx, code, kind, locale, ({ params, email, resolved }, mailLocale) =>
        enqueueMail(tx, { template, params, to: email, storefront: resolved, locale: mailLocale }),
      ),
    );

  return {
    /** An order placed here: its confirmation, in the language it was ordered in. */
    placed: (code: string, locale: string) => mailOnce(code, 'placed', orderConfirmationMail, locale),

    /** The provider said the order is paid. */
    paid: (code: string) => mailOnce(code, 'paid', paymentReceivedMail, undefined),

    /** A state listener of the shop's order writes: a dispatched order is mailed about, in the write's transaction. */
    onOrderStateChanged: async (tx: Queryable, change: OrderStateChange) => {
      if (!deps.sentMails || change.state !== 'Dispatched') return;
      await sendOnce(
        tx,
        change.superOrderCode,
        `sent:${change.orderId}`,
        undefined,
        ({ params, email, resolved, live }, mailLocale) => {
          const order = live.find((candidate) => candidate.id === change.orderId);
          const delivery =
            order?.deliveryEarliest && order.deliveryLatest
              ? { earliest: order.deliveryEarliest, latest: order.deliveryLatest }
              : null;
          return enqueueMail(tx, {
            template: orderSentMail,
            params: { ...params, delivery },
            to: email,
            storefront: resolved,
            locale: mailLocale,
          });
        },
        change.orderId,
      );
    },
  };
}

export type OrderMails = ReturnType<typeof createOrderMails>;
