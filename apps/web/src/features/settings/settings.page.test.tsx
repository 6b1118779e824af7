import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Address } from '@photo/contracts/addresses';
import { jsonResponse, polyfillDialog, renderApp, testConfig, testCustomer } from '../../test/fixtures';

const addressesUrl = `${testConfig.apiBaseUrls.customers}/customers/me/addresses`;
const meUrl = `${testConfig.apiBaseUrls.customers}/customers/me`;
const exportUrl = `${testConfig.apiBaseUrls.customers}/customers/me/data-export`;
const newsletterUrl = `${testConfig.apiBaseUrls.emailGateway}/api/v1/Profiles/me/subscription`;
const home: Address = {
  id: 'a-1',
  country: 'GB',
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: '',
  street: 'St James Square',
  houseNumber: '12',
  addressLine2: '',
  postcode: 'SW1Y 4JH',
  city: 'London',
  region: '',
  phone: '',
  isDefaultDelivery: true,
  isDefaultBilling: true,
};

describe('the settings pages', () => {
  it('show the details, e-mail and default addresses with the ways to change them', async () => {
    let exported = { id: '', name: '' };
    renderApp({
      path: '/settings',
      customer: testCustomer({ phone: '+447911123456', dateOfBirth: '1990-05-17' }),
      routes: {
        [addressesUrl]: () => jsonResponse([home]),
        [newsletterUrl]: (init) => jsonResponse({ status: init?.method === 'POST' ? 'pending' : 'none' }),
        [exportUrl]: (init) => {
          exported = JSON.parse(init!.body as string) as typeof exported;
          return jsonResponse({ id: exported.id, photos: [] }, 202);
        },
      },
    });
    expect(await screen.findByText('+44 7911 123456')).toBeInTheDocument();
    expect(screen.getByText('17 May 1990')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    const address = await screen.findByText('12 St James Square');
    expect(address.closest('li')).toHaveTextContent('Default delivery address');
    expect(screen.getByRole('link', { name: 'Change e-mail address' })).toHaveAttribute(
      'href',
      '/settings/email',
    );
    expect(screen.getByRole('link', { name: 'All addresses' })).toHaveAttribute(
      'href',
      '/settings/addresses/all',
    );
  });

  it("start with 'On this page': one link to each part, each part a section with that heading", async () => {
    renderApp({
      path: '/settings',
      routes: {
        [addressesUrl]: () => jsonResponse([home]),
        [newsletterUrl]: () => jsonResponse({ status: 'none' }),
      },
    });
    const onThisPage = await screen.findByRole('navigation', { name: 'On this page' });
    const links = within(onThisPage).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Personal details',
      'E-mail address',
      'Payment method',
      'Addresses',
      'Newsletter',
      'Cookie settings',
      'Your data',
      'Delete my account',
    ]);
    for (const link of links) {
      const section = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(section?.tagName).toBe('SECTION');
      expect(within(section!).getAllByRole('heading', { level: 2 })[0]).toHaveTextContent(
        link.textContent ?? '',
      );
    }
  });

  it('say so when the addresses cannot be loaded, and try again', async () => {
    let fail = true;
    renderApp({
      path: '/settings',
      routes: {
        [newsletterUrl]: () => jsonResponse({ status: 'none' }),
        [addressesUrl]: () =>
          fail ? jsonResponse({ error: { code: 'forbidden', message: 'x' } }, 403) : jsonResponse([]),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred loading your settings');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no saved addresses yet.')).toBeInTheDocument();
  });

  it('delete an address after confirming, and reload the list (docs/product/states.md)', async () => {
    polyfillDialog();
    let addresses = [home];
    renderApp({
      path: '/settings/addresses/all',
      routes: {
        [newsletterUrl]: () => jsonResponse({ status: 'none' }),
        [addressesUrl]: () => jsonResponse(addresses),
        [`${addressesUrl}/a-1`]: () => {
          addresses = [];
          return jsonResponse(null, 204);
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete address' }));
    expect(await screen.findByText('You have no saved addresses yet.')).toBeInTheDocument();
  });

  it('save personal details, refusing an invalid phone before sending', async () => {
    let sent: unknown;
    const view = renderApp({
      path: '/settings/personal-details',
      routes: { [addressesUrl]: () => jsonResponse([]) },
    });
    const realFetch = view.fetchMock.getMockImplementation()!;
    view.fetchMock.mockImplementation(async (input, init) => {
      if (input.toString() !== meUrl || init?.method !== 'PUT') return realFetch(input, init);
      sent = JSON.parse(init.body as string);
      return jsonResponse({ ...testCustomer(), lastName: 'King', phone: '+447911123456' });
    });
    const phone = await screen.findByLabelText(/Phone number/);
    await userEvent.type(phone, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(phone).toHaveAccessibleDescription('Phone number must be valid');
    expect(sent).toBeUndefined();
    await userEvent.clear(phone);
    await userEvent.type(phone, '07911 123456');
    await userEvent.clear(screen.getByLabelText('Last name'));
    await userEvent.type(screen.getByLabelText('Last name'), 'King');
    await userEvent.selectOptions(screen.getByLabelText(/Salutation/), 'ms');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/settings'));
    expect(sent).toMatchObject({ salutation: 'ms', lastName: 'King', phone: '07911 123456' });
  });
});
