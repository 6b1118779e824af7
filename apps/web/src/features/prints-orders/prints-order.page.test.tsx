import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '@photo/contracts/addresses';
import type { ChannelArticles } from '@photo/contracts/merchandise';
import { jsonResponse, renderApp, testConfig } from '../../test/fixtures';
import { ASYNC_TIMEOUT_MS } from '../../test/async-timeout';

afterEach(() => vi.unstubAllGlobals());

const selectionId = '0199d6a0-0000-7000-8000-000000000001';
const photoIds = ['0199d6a0-0000-7000-8000-0000000000a1', '0199d6a0-0000-7000-8000-0000000000a2'];
const gbp = (amountMinor: number) => ({ amountMinor, currency: 'GBP' });

const catalogue: ChannelArticles = {
  id: 'UK',
  currency: 'GBP',
  articles: [
    {
      code: 'PAP_910',
      category: 'prints',
      name: 'Photo prints',
      capabilities: ['ORDERABLE_AS_PRINTS', 'PICKUP_POINT_DELIVERY', 'HOME_DELIVERY'],
      sizes: [
        { code: '10x15', productCode: 'PAP_910', widthCm: 10, heightCm: 15, price: gbp(17) },
        { code: '13x18', productCode: 'PAP_1318', widthCm: 13, heightCm: 18, price: gbp(35) },
      ],
      papers: [
        { code: 'glossy', name: 'Glossy' },
        { code: 'matte', name: 'Matte' },
      ],
      finishes: [{ code: 'borderless', name: 'Without border' }],
    },
  ],
  deliveryOptions: [
    { type: 'Home', price: gbp(349) },
    { type: 'PickupPoint', price: gbp(199) },
  ],
  pickupPoints: [
    { id: 'central', name: "PhotoShop King's Cross", address: '12 Euston Road, London, NW1 2RT' },
    { id: 'south', name: 'PhotoShop Brixton', address: '48 Brixton Road, London, SW9 6BT' },
  ],
};

const selectionUrl = `${testConfig.apiBaseUrls.tempSelections}/temp-selections/${selectionId}`;
const graphqlUrl = `${testConfig.apiBaseUrls.merchandise}/graphql`;
const checkoutUrl = `${testConfig.apiBaseUrls.printsOrders}/checkouts`;
const addressesUrl = `${testConfig.apiBaseUrls.customers}/customers/me/addresses`;

const homeAddress: Address = {
  id: '0199d6a0-0000-7000-8000-0000000000ad',
  country: 'GB',
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: '',
  street: 'Baker Street',
  houseNumber: '221B',
  addressLine2: '',
  postcode: 'NW1 6XE',
  city: 'London',
  region: '',
  phone: '',
  isDefaultDelivery: true,
  isDefaultBilling: false,
};

function renderPage(
  query: string,
  selectionStatus = 200,
  addresses: Address[] = [],
  checkoutAnswer: { status: number; body: unknown } = {
    status: 201,
    body: { checkoutId: 'c-1', paymentUrl: 'http://nl.localhost:8080/test-payments/abc' },
  },
) {
  const bodies: unknown[] = [];
  const view = renderApp({
    path: `/prints-order${query}`,
    routes: {
      [selectionUrl]: () =>
        selectionStatus === 200
          ? jsonResponse({ tempSelectionId: selectionId, photoIds, expires: '2026-11-25T10:00:00Z' })
          : jsonResponse({ error: { code: 'not_found', message: 'gone' } }, selectionStatus),
      [graphqlUrl]: () => jsonResponse({ data: { channel: catalogue } }),
      [addressesUrl]: () => jsonResponse(addresses),
      [checkoutUrl]: (init) => {
        bodies.push(JSON.parse(typeof init?.body === 'string' ? init.body : 'null'));
        return jsonResponse(checkoutAnswer.body, checkoutAnswer.status);
      },
    },
  });
  return { ...view, bodies };
}

describe('the prints-order page', () => {
  it('offers the catalogue’s prints with prices in the storefront’s currency and sends the customer to pay', async () => {
    const user = userEvent.setup();
    const { bodies, environment } = renderPage(
      `?tempSelectionId=${selectionId}&productCode=PAP_910&channelId=UK`,
    );
    expect(await screen.findByRole('heading', { name: '2 photos selected' })).toBeVisible();
    const sizes = screen.getByRole('group', { name: 'Size' });
    expect(within(sizes).getByRole('radio', { name: /10 × 15 cm/ })).toBeChecked();
    expect(sizes).toHaveTextContent('£0.17 per print');
    expect(screen.getByRole('button', { name: 'Pay £2.33' })).toBeEnabled();

    await user.click(within(sizes).getByRole('radio', { name: /13 × 18 cm/ }));
    await user.click(screen.getByRole('radio', { name: 'Matte' }));
    await user.clear(screen.getByRole('spinbutton', { name: 'Copies of each photo' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Copies of each photo' }), '3');
    await user.click(screen.getByRole('radio', { name: /PhotoShop Brixton/ }));
    expect(screen.getByText('6 prints')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pay £4.09' }));

    await vi.waitFor(
      () => expect(environment.leaveTo).toHaveBeenCalledWith('http://nl.localhost:8080/test-payments/abc'),
      { timeout: ASYNC_TIMEOUT_MS },
    );
    expect(bodies).toEqual([
      {
        tempSelectionId: selectionId,
        articleCode: 'PAP_910',
        sizeCode: '13x18',
        paperCode: 'matte',
        finishCode: 'borderless',
        quantity: 3,
        deliveryType: 'PickupPoint',
        pickupPointId: 'south',
      },
    ]);
  });

  it('delivers home to a saved address', async () => {
    const user = userEvent.setup();
    const withAddress = renderPage(`?tempSelectionId=${selectionId}`, 200, [homeAddress]);
    const delivery = await screen.findByRole('group', { name: 'Delivery' });
    expect(within(delivery).getByRole('radio', { name: /Home delivery/ })).toBeChecked();
    const address = screen.getByRole('group', { name: 'Delivery address' });
    expect(within(address).getByRole('radio', { name: /Ada Lovelace/ })).toBeChecked();
    // 2 photos x £0.17 + £3.49 home delivery.
    await user.click(screen.getByRole('button', { name: 'Pay £3.83' }));
    await vi.waitFor(() => expect(withAddress.bodies).toHaveLength(1), { timeout: ASYNC_TIMEOUT_MS });
    expect(withAddress.bodies[0]).toMatchObject({ deliveryType: 'Home', addressId: homeAddress.id });
  });

  it('leads to adding a delivery address when there is none', async () => {
    const user = userEvent.setup();
    renderPage(`?tempSelectionId=${selectionId}`);
    await user.click(await screen.findByRole('radio', { name: /Home delivery/ }));
    expect(screen.getByText('You have no saved delivery address yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add a delivery address' })).toHaveAttribute(
      'href',
      '/settings/new-address',
    );
    expect(screen.getByRole('button', { name: /^Pay/ })).toBeDisabled();
  });

  it.each(['0', '-1', '1.5', '100', ''])(
    'refuses %j copies on submit, and the summary counts no print meanwhile',
    async (typed) => {
      const user = userEvent.setup();
      const { bodies } = renderPage(`?tempSelectionId=${selectionId}`);
      const copies = await screen.findByRole('spinbutton', { name: 'Copies of each photo' });
      await user.clear(copies);
      if (typed) await user.type(copies, typed);
      expect(copies).not.toHaveAttribute('aria-invalid');
      const summary = screen.getByRole('region', { name: 'Summary' });
      expect(within(summary).getByText('0 prints')).toBeVisible();
      // Neither the prints nor a total are priced until the number is one that will be made.
      expect(within(summary).getAllByText('–')).toHaveLength(2);
      await user.click(screen.getByRole('button', { name: 'Pay' }));
      expect(copies).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('Enter a whole number of copies from 1 to 99.')).toBeVisible();
      expect(bodies).toEqual([]);
      // A right number clears the message and counts again.
      await user.clear(copies);
      await user.type(copies, '2');
      expect(copies).not.toHaveAttribute('aria-invalid');
      expect(within(summary).getByText('4 prints')).toBeVisible();
      expect(within(summary).queryByText('–')).toBeNull();
    },
  );

  it('shows the server’s refusal of the copies at the field, in the customer’s language', async () => {
    const user = userEvent.setup();
    renderPage(`?tempSelectionId=${selectionId}`, 200, [], {
      status: 400,
      body: {
        error: {
          code: 'bad_request',
          message: 'Too big: expected number to be <=99',
          field: 'body.quantity',
        },
      },
    });
    const copies = await screen.findByRole('spinbutton', { name: 'Copies of each photo' });
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText('Enter a whole number of copies from 1 to 99.')).toBeVisible();
    expect(copies).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what to do without a selection, with an expired one, and after a failed payment', async () => {
    const first = renderPage('');
    expect(
      await screen.findByText(
        'No photos are selected. Open an album, select photos and choose Order prints.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to my albums' })).toHaveAttribute(
      'href',
      '/my-photos/albums',
    );
    first.unmount();

    renderPage(`?tempSelectionId=${selectionId}&payment=failed`, 404);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your payment did not go through, so nothing was ordered. You can try again.',
    );
    expect(
      await screen.findByText(
        'This selection has expired or cannot be found. Please select your photos again.',
      ),
    ).toBeVisible();
  });
});
