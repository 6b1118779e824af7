import type { FastifyInstance } from 'fastify';
import { contextOf, sendPage } from '../auth/page-replies';
import { DomainError } from '../platform/errors';
import type { Authenticate } from '../platform/caller';
import { LOGIN_PATH } from '../storefronts/storefront-config.service';
import type { PaymentsService } from './payments.service';
import { renderTestPaymentGonePage, renderTestPaymentPage } from './test-payment.pages';
import { TEST_PAYMENT_PAGE_PATH } from './test-payment-provider';
import type { TestPaymentsRepository } from './test-payments.repository';

/** Where the provider sends the browser back: settles the payment, then goes where its purpose says. */
export function registerPaymentReturnRoute(
  app: FastifyInstance,
  deps: { payments: PaymentsService; authenticate: Authenticate },
): void {
  app.get<{ Params: { paymentId: string } }>('/payments/return/:paymentId', async (request, reply) => {
    let customerId: string;
    try {
      customerId = (await deps.authenticate(request)).customerId;
    } catch (error) {
      if (error instanceof DomainError && error.status === 401)
        return reply.redirect(`${LOGIN_PATH}?returnTo=${encodeURIComponent(request.url)}`, 303);
      throw error;
    }
    const next = await deps.payments.returnFrom(customerId, request.params.paymentId);
    return reply.header('cache-control', 'no-store').redirect(next, 303);
  });
}

/** The local test provider's page (decision 086): registered only with TEST_PAYMENTS, never a real charge. */
export function registerTestPaymentPages(app: FastifyInstance, deps: { sessions: TestPaymentsRepository }) {
  app.get<{ Params: { sessionId: string } }>(
    `${TEST_PAYMENT_PAGE_PATH}/:sessionId`,
    async (request, reply) => {
      const session = await deps.sessions.findLive(request.params.sessionId);
      if (!session) return sendPage(reply, 404, renderTestPaymentGonePage(contextOf(request)));
      // A decided session only leads back; it is never paid twice.
      if (session.status !== 'open') return reply.redirect(session.returnUrl, 303);
      const pageSecret = await deps.sessions.issuePageSecret(session.id);
      return sendPage(reply, 200, renderTestPaymentPage(contextOf(request), session, pageSecret));
    },
  );

  app.post<{ Params: { sessionId: string }; Body: { decision?: string; secret?: string } }>(
    `${TEST_PAYMENT_PAGE_PATH}/:sessionId`,
    async (request, reply) => {
      // Only the page itself may decide: a form elsewhere cannot pay or fail someone's session, and a
      // request that only knows the session's address (any client can set an Origin) decides nothing.
      if (request.headers.origin !== request.storefront.origin)
        throw new DomainError('csrf_rejected', 403, 'The request does not come from this shop');
      const { decision, secret } = request.body ?? {};
      if (decision !== 'pay' && decision !== 'fail')
        throw new DomainError('bad_request', 400, 'decision must be pay or fail', 'decision');
      const session = await deps.sessions.findLive(request.params.sessionId);
      if (!session) return sendPage(reply, 404, renderTestPaymentGonePage(contextOf(request)));
      if (typeof secret !== 'string' || secret.length === 0)
        throw new DomainError('forbidden', 403, 'The payment page was not used', 'secret');
      const decided = await deps.sessions.decide(session.id, decision === 'pay' ? 'paid' : 'failed', secret);
      // A used or foreign secret decides nothing; a session decided before only leads back.
      if (!decided && session.status === 'open')
        throw new DomainError('forbidden', 403, 'This payment page is no longer valid', 'secret');
      return reply.redirect(session.returnUrl, 303);
    },
  );
}
