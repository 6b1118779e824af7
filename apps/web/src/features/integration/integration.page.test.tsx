import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Integration } from '@photo/contracts/integration';
import { jsonResponse, polyfillDialog, renderApp, testConfig, testCustomer } from '../../test/fixtures';

const base = testConfig.apiBaseUrls.customers;
/** The page for a business customer; `patch` answers PATCH /customers/me (the same URL as the profile). */
function renderIntegration(answer: () => Integration, patch: () => Response) {
  const view = renderApp({
    path: '/integration',
    customer: business,
    routes: { [`${base}/customers/me/integration`]: () => jsonResponse(answer()) },
  });
  const realFetch = view.fetchMock.getMockImplementation()!;
  view.fetchMock.mockImplementation(async (input, init) =>
    input.toString() === `${base}/customers/me` && init?.method === 'PATCH'
      ? patch()
      : realFetch(input, init),
  );
  return view;
}

const business = testCustomer({ isB2B: true, email: 'buyer@example.com' });
const integration: Integration = {
  ftp: {
    host: 'ftp.photoshop.example',
    port: 21,
    user: 'buyer@example.com',
    folders: { incoming: '/orders/incoming', processed: '/orders/processed', failed: '/orders/failed' },
  },
  callbackUrl: null,
  callbackFormat: null,
  hasSecret: false,
  deliveries: [],
};

beforeAll(polyfillDialog);

describe('the FTP instructions page', () => {
  it('sends a private customer to the overview', async () => {
    const view = renderApp({ path: '/integration' });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
  });

  it('shows the FTP instructions and explains a refused callback URL', async () => {
    const user = userEvent.setup();
    renderIntegration(
      () => integration,
      () =>
        jsonResponse(
          { error: { code: 'callback_url_refused', message: 'private', field: 'body.callbackUrl' } },
          422,
        ),
    );
    expect(await screen.findByText('ftp.photoshop.example')).toBeInTheDocument();
    expect(screen.getByText('Put new order files in /orders/incoming.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Callback URL'), 'https://127.0.0.1/hook');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("This address can't receive callbacks.");
    expect(screen.getByLabelText('Callback URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the signing secret once after the first save, and the delivery log', async () => {
    const user = userEvent.setup();
    let saved = false;
    renderIntegration(
      () =>
        saved
          ? {
              ...integration,
              callbackUrl: 'https://hooks.example.com/x',
              callbackFormat: 'XML',
              hasSecret: true,
              deliveries: [
                {
                  id: 'd-1',
                  event: 'order.status-changed',
                  orderCode: 'ORD-7',
                  state: 'delivered',
                  attempts: 1,
                  created: '2026-11-24T10:00:00.000Z',
                  lastAttempt: '2026-11-24T10:00:01.000Z',
                  responseStatus: 200,
                },
              ],
            }
          : integration,
      () => {
        saved = true;
        return jsonResponse({
          ...business,
          callbackUrl: 'https://hooks.example.com/x',
          callbackFormat: 'XML',
          callbackSecret: 'whsec_abc',
        });
      },
    );
    await user.type(await screen.findByLabelText('Callback URL'), 'https://hooks.example.com/x');
    await user.click(screen.getByRole('radio', { name: 'XML' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your callback settings have been saved.')).toBeInTheDocument();
    expect(screen.getByText('whsec_abc')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Order ORD-7 changed' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Delivered' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a test callback' })).toBeInTheDocument();
  });

  it('asks before making a new signing secret, then shows it once', async () => {
    const user = userEvent.setup();
    const view = renderApp({
      path: '/integration',
      customer: business,
      routes: {
        [`${base}/customers/me/integration`]: () =>
          jsonResponse({
            ...integration,
            callbackUrl: 'https://hooks.example.com/x',
            callbackFormat: 'JSON',
            hasSecret: true,
          }),
        [`${base}/customers/me/callback-secret`]: () => jsonResponse({ callbackSecret: 'whsec_new' }, 201),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Make a new signing secret' }));
    const dialog = screen.getByRole('dialog', { name: 'Make a new signing secret?' });
    expect(dialog).toHaveTextContent('The current secret stops working at once');
    expect(view.fetchMock.mock.calls.some(([url]) => url.toString().endsWith('/callback-secret'))).toBe(
      false,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Make a new signing secret' }));
    expect(await screen.findByText('whsec_new')).toBeInTheDocument();
  });
});
