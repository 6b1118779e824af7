import { articleGroups, type ArticleGroup, type InternalOrderState } from '@photo/contracts/orders';
import type { Queryable } from '../platform/database';
import { enqueueJob, type BackgroundWork } from '../platform/job-queue';
import type { OrdersRepository } from '../orders/orders.repository';
import type { OrderStateChange } from '../orders/order-intake.service';
import type { MerchandiseService } from '../merchandise/merchandise.service';
import { supplyKindOf } from './invoice-rules';
import { invoiceLocaleOf, type InvoicesService } from './invoices.service';

export const INVOICE_ISSUE_JOB = 'invoices.issue';
export const INVOICE_CREDIT_JOB = 'invoices.credit';

const isArticleGroup = (group: string): group is ArticleGroup =>
  (articleGroups as readonly string[]).includes(group);

/** States of a confirmed order: an order the shop reports already past confirmation is invoiced too. */
const invoiceable = new Set<InternalOrderState>([
  'Confirmed',
  'ProductionStarted',
  'ProductionCompleted',
  'Dispatched',
]);

/**
 * Listens to order state changes: a confirmed order gets its invoice, a cancelled one its invoice's credit
 * note, each made by a job after the change commits.
 */
export async function invoiceConfirmedOrder(tx: Queryable, change: OrderStateChange): Promise<void> {
  if (change.state === 'Cancelled') {
    await enqueueJob(tx, INVOICE_CREDIT_JOB, {
      orderId: change.orderId,
      cancelledAt: change.changedAt.toISOString(),
    });
    return;
  }
  if (!invoiceable.has(change.state)) return;
  await enqueueJob(tx, INVOICE_ISSUE_JOB, {
    orderId: change.orderId,
    confirmedAt: change.changedAt.toISOString(),
  });
}

/** The shop-side API accepts only known groups; another in the table is a bug to surface, not to tax by guess. */
function articleGroupOf(group: string): ArticleGroup {
  if (!isArticleGroup(group))
    throw new Error(`Unknown article group ${group}: its VAT supply kind is not known`);
  return group;
}

/** The job: the order as it stands, invoiced once (a repeated job finds its invoice). */
export function createInvoiceWork(deps: {
  invoices: InvoicesService;
  orders: OrdersRepository;
  /** The one catalogue: lines are named as the storefront sells them, in the invoice's language. */
  merchandise: Pick<MerchandiseService, 'productName'>;
}): BackgroundWork {
  return {
    handlers: {
      [INVOICE_ISSUE_JOB]: async (job) => {
        const { orderId, confirmedAt } = job.payload as { orderId: string; confirmedAt: string };
        const order = await deps.orders.lockOrder(orderId);
        // Cancelled before its invoice was made: nothing to invoice, and so nothing to credit.
        if (!order || order.state === 'Cancelled') return;
        const superOrder = await deps.orders.lockSuperOrder(order.superOrderCode);
        if (!superOrder) return;
        const products = await deps.orders.productsOf([orderId]);
        const locale = invoiceLocaleOf(superOrder.storefrontId);
        await deps.invoices.issue({
          orderId,
          orderRef: superOrder.code,
          customerId: order.customerId,
          storefrontId: superOrder.storefrontId,
          currency: superOrder.currency,
          lines: products.map((product) => ({
            description: deps.merchandise.productName(
              superOrder.storefrontId,
              product.productCode,
              locale,
              product.articleName,
            ),
            quantity: product.quantity,
            unitPrice: product.unitPrice,
            supply: supplyKindOf[articleGroupOf(product.articleGroup)],
          })),
          deliveryPrice: order.position === 0 ? superOrder.deliveryPrice : 0,
          confirmedAt,
          deliveryCountry: superOrder.deliveryAddress.country,
          // Dispatched goods are supplied; before that, the shop's planned delivery is the best known date.
          suppliedAt:
            order.state === 'Dispatched'
              ? order.stateChangedAt.toISOString()
              : order.deliveryEarliest
                ? `${order.deliveryEarliest}T12:00:00.000Z`
                : undefined,
          paidAt:
            order.paymentChangedAt &&
            (order.paymentStatus === 'paymentSuccess' || order.paymentStatus === 'paymentFree')
              ? order.paymentChangedAt.toISOString()
              : undefined,
          paidWith: order.paymentMethod ?? undefined,
        });
        // A cancellation committed while this invoice was being made found no invoice to credit: credit it
        // here (a credit job that did find it made the one credit note this answers).
        const now = await deps.orders.lockOrder(orderId);
        if (now?.state === 'Cancelled') await deps.invoices.credit(orderId, now.stateChangedAt.toISOString());
      },
      [INVOICE_CREDIT_JOB]: async (job) => {
        const { orderId, cancelledAt } = job.payload as { orderId: string; cancelledAt: string };
        await deps.invoices.credit(orderId, cancelledAt);
      },
    },
  };
}
