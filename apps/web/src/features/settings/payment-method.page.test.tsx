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
    expect(screen.getByText('Your current payment method: PayPal')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Invoice' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Credit or debit card' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your payment method has been saved.');
    expect(sent).toEqual([{ method: 'card' }]);
    expect(screen.getByText('Your current payment method: Credit or debit card')).toBeInTheDocument();
  });

  it('never mentions SEPA direct debit where the storefront has no SEPA (uk)', async () => {
    const { view } = open(() => jsonResponse({ available: ['card', 'paypal'], preferred: null }));
    expect(await screen.findByRole('radio', { name: 'Credit or debit card' })).not.toBeChecked();
    expect(screen.getByText('You have not chosen a payment method yet.')).toBeInTheDocument();
    expect(
      screen.getByText("A card is confirmed on our payment provider's secure page. Nothing is charged."),
    ).toBeInTheDocument();
    expect(view.container).not.toHaveTextContent(/SEPA/);
  });

  it('offers and explains SEPA direct debit on a euro storefront', async () => {
    open(() =>
      jsonResponse({
        available: ['ideal', 'card', 'paypal', 'sepaDirectDebit'],
        preferred: 'sepaDirectDebit',
      }),
    );
    expect(await screen.findByRole('radio', { name: 'SEPA direct debit' })).toBeChecked();
    expect(screen.getByText('Your current payment method: SEPA direct debit')).toBeInTheDocument();
    expect(screen.getByText(/A card or SEPA direct debit is confirmed/)).toBeInTheDocument();
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
