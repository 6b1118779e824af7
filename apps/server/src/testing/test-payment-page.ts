import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

/**
 * What a customer does on the local test provider's page (TEST_PAYMENTS): opens it, as the provider's
 * redirect would, and presses 'Pay' or 'Fail' in its form, which carries the page's one-time secret.
 * Answers the page's redirect back to the account area.
 */
export async function decideOnTestPaymentPage(
  t: TestApp,
  paymentUrl: string,
  decision: 'pay' | 'fail',
): Promise<LightMyRequestResponse> {
  const url = new URL(paymentUrl);
  const headers = { host: url.host };
  const page = await t.app.inject({ url: url.pathname, headers });
  const secret = /name="secret" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { ...headers, origin: url.origin, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ decision, secret }).toString(),
  });
}
