import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, testConfig } from '../../test/fixtures';

const methodUrl = `${testConfig.apiBaseUrls.customers}/customers/me/payment-method`;

function open(answer: (init?: RequestInit) => Response) {
  const sent: unknown[] = [];
  const view = renderApp({
    path: '/settings/payment-method',
    routes: {
      [methodUrl]: (init) => {
        if (init?.method === 'PUT') sent.push(JSON.parse(init.body as string));
        return answer(init);
      },
    },
  });
  return { view, sent };
}

const offered = { available: ['card', 'paypal'], preferred: 'paypal' };

describe('the payment method page', () => {
  it("shows the storefront's methods with the current one chosen, and saves another", async () => {
    const { sent } = open((init) =>
      init?.method === 'PUT' ? jsonResponse({ preferred: 'card' }) : jsonResponse(offered),
    );
    expect(await screen.findByRole('heading', { name: 'Change your payment method' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Invoice' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Credit or debit card' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your payment method has been saved.');
    expect(sent).toEqual([{ method: 'card' }]);
  });

  it("sends the browser to the provider's page when the method is saved there", async () => {
    const { view } = open((init) =>
      init?.method === 'PUT'
        ? jsonResponse({ preferred: 'paypal', redirectUrl: 'https://pay.example/session' })
        : jsonResponse(offered),
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Credit or debit card' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect.poll(() => view.environment.leaveTo).toHaveBeenCalledWith('https://pay.example/session');
  });

  it('says when there is nothing to choose', async () => {
    open(() => jsonResponse({ available: [], preferred: null }));
    expect(await screen.findByText('No payment methods are available in this shop.')).toBeInTheDocument();
  });

  it('says when the methods could not be loaded, and tries again', async () => {
    let fail = true;
    open(() =>
      fail ? jsonResponse({ error: { code: 'forbidden', message: 'x' } }, 403) : jsonResponse(offered),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred loading your settings');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: 'PayPal' })).toBeChecked();
  });
});
