import { randomBytes } from 'node:crypto';
import type { PaymentProvider } from './payment-provider';
import type { TestPaymentsRepository } from './test-payments.repository';

export const TEST_PAYMENT_PAGE_PATH = '/test-payments';
export const testPaymentPagePath = (sessionId: string) => `${TEST_PAYMENT_PAGE_PATH}/${sessionId}`;
export const TEST_PAYMENTS_HOUSEKEEPING_JOB = 'test-payments.housekeeping';
const SESSION_LIFETIME_HOURS = 2;

/**
 * The embedded default provider (decision 086): a page of this product where the customer presses
 * 'Pay' or 'Fail'; it asks for no card data at all. Its session id is a 256-bit secret, like a hosted
 * checkout's address, and the outcome is read from its table, never from the returning browser.
 */
export function createTestPaymentProvider(sessions: TestPaymentsRepository): PaymentProvider {
  return {
    name: 'test',
    async createSession(request) {
      const id = randomBytes(32).toString('base64url');
      await sessions.insert(
        {
          id,
          amountMinor: request.amount.amountMinor,
          currency: request.amount.currency,
          description: request.description,
          returnUrl: request.returnUrl,
        },
        SESSION_LIFETIME_HOURS,
      );
      return { providerReference: id, redirectUrl: `${request.origin}${testPaymentPagePath(id)}` };
    },
    async fetchOutcome(providerReference) {
      const status = await sessions.status(providerReference);
      if (status === 'paid') return 'paid';
      // An expired or forgotten session can no longer be paid.
      if (status === 'failed' || status === undefined) return 'failed';
      return (await sessions.findLive(providerReference)) ? 'pending' : 'failed';
    },
  };
}
