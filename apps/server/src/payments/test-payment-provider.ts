import { randomBytes } from 'node:crypto';
import type { BackgroundWork } from '../platform/job-queue';
import type { PaymentProvider } from './payment-provider';
import type { TestPaymentsRepository } from './test-payments.repository';

export const TEST_PAYMENT_PAGE_PATH = '/test-payments';
export const testPaymentPagePath = (sessionId: string) => `${TEST_PAYMENT_PAGE_PATH}/${sessionId}`;
const TEST_PAYMENTS_HOUSEKEEPING_JOB = 'test-payments.housekeeping';
const SESSION_LIFETIME_HOURS = 2;

const newSessionId = () => randomBytes(32).toString('base64url');

/**
 * The provider of the demo and the tests (decision 086), on only with TEST_PAYMENTS: a page of this
 * product where the customer presses 'Pay' or 'Fail'; it asks for no card data at all. Its session id
 * is a 256-bit secret, like a hosted checkout's address, the page decides only with the one-time
 * secret it was rendered with, and the outcome is read from its table, never from the returning browser.
 */
export function createTestPaymentProvider(sessions: TestPaymentsRepository): PaymentProvider {
  return {
    name: 'test',
    async createSession(request) {
      const id = newSessionId();
      await sessions.insert(
        {
          id,
          amountMinor: request.amount.amountMinor,
          currency: request.amount.currency,
          description: request.description,
          returnUrl: request.returnUrl,
          saveMethod: request.saveMethod ?? false,
        },
        SESSION_LIFETIME_HOURS,
      );
      return { providerReference: id, redirectUrl: `${request.origin}${testPaymentPagePath(id)}` };
    },

    async fetchStatus(providerReference) {
      const session = await sessions.find(providerReference);
      if (session?.status === 'paid') return { outcome: 'paid', mandate: session.mandate ?? undefined };
      // An expired or forgotten session can no longer be paid.
      if (session?.status !== 'open') return { outcome: 'failed' };
      return { outcome: (await sessions.findLive(providerReference)) ? 'pending' : 'failed' };
    },

    /** A saved test method always pays, as a valid card does; a mandate this provider never gave fails. */
    async chargeMandate(request) {
      if (!(await sessions.hasMandate(request.mandate))) {
        return { providerReference: newSessionId(), status: { outcome: 'failed' } };
      }
      const id = newSessionId();
      await sessions.insertCharge({
        id,
        amountMinor: request.amount.amountMinor,
        currency: request.amount.currency,
        description: request.description,
      });
      return { providerReference: id, status: { outcome: 'paid' } };
    },
  };
}

/** Expired sessions go after a week: a real provider forgets abandoned checkouts too. */
export const testPaymentsHousekeeping = (sessions: TestPaymentsRepository): BackgroundWork => ({
  handlers: { [TEST_PAYMENTS_HOUSEKEEPING_JOB]: () => sessions.deleteExpired() },
  schedules: [
    { name: TEST_PAYMENTS_HOUSEKEEPING_JOB, kind: TEST_PAYMENTS_HOUSEKEEPING_JOB, everySeconds: 3600 },
  ],
});
