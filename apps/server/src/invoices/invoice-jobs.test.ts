import { describe, expect, it } from 'vitest';
import type {
  OrderRecord,
  OrdersRepository,
  ProductRecord,
  SuperOrderRecord,
} from '../orders/orders.repository';
import { testAddressInput } from '../testing/test-addresses';
import { createInvoiceWork, INVOICE_ISSUE_JOB } from './invoice-jobs';
import type { InvoicesService } from './invoices.service';

describe('the invoice job', () => {
  /** An order the shop cancels while its invoice is being made: the order reads Confirmed, then Cancelled. */
  const cancelledWhileInvoicing = () => {
    const order = (state: OrderRecord['state'], at: string) =>
      ({
        id: 'NL-1-1',
        superOrderCode: 'NL-1',
        customerId: 'c',
        position: 0,
        state,
        stateChangedAt: new Date(at),
        paymentStatus: 'paymentPending',
        paymentChangedAt: null,
        deliveryEarliest: null,
      }) as unknown as OrderRecord;
    const reads = [order('Confirmed', '2026-11-21T08:05:00Z'), order('Cancelled', '2026-11-21T08:06:00Z')];
    const calls: string[] = [];
    const orders = {
      lockOrder: async () => reads.shift(),
      lockSuperOrder: async () =>
        ({
          code: 'NL-1',
          storefrontId: 'nl',
          currency: 'EUR',
          deliveryPrice: 0,
          deliveryAddress: testAddressInput(),
        }) as unknown as SuperOrderRecord,
      productsOf: async () => [] as ProductRecord[],
    } as unknown as OrdersRepository;
    const invoices = {
      issue: async () => void calls.push('issue'),
      credit: async (orderId: string, at: string) => void calls.push(`credit ${orderId} ${at}`),
    } as unknown as InvoicesService;
    const work = createInvoiceWork({ invoices, orders, merchandise: { productName: () => '' } });
    return { work, calls };
  };

  it('credits the invoice it made when the order was cancelled meanwhile', async () => {
    const { work, calls } = cancelledWhileInvoicing();
    await work.handlers[INVOICE_ISSUE_JOB]!({
      id: 'j',
      kind: INVOICE_ISSUE_JOB,
      payload: { orderId: 'NL-1-1', confirmedAt: '2026-11-21T08:05:00.000Z' },
      attempts: 0,
      maxAttempts: 5,
    });
    expect(calls).toEqual(['issue', 'credit NL-1-1 2026-11-21T08:06:00.000Z']);
  });
});
