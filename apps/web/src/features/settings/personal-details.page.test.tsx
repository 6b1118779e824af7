import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp, testConfig, testCustomer } from '../../test/fixtures';

const meUrl = `${testConfig.apiBaseUrls.customers}/customers/me`;

describe('the personal details of a new business customer', () => {
  it('send the company details; the missing-details banner goes once the server answers Default', async () => {
    const customer = testCustomer({ isB2B: true, status: 'New' });
    let sent: unknown;
    const view = renderApp({ path: '/settings/personal-details', customer });
    const realFetch = view.fetchMock.getMockImplementation()!;
    view.fetchMock.mockImplementation(async (input, init) => {
      if (input.toString() !== meUrl || init?.method !== 'PUT') return realFetch(input, init);
      sent = JSON.parse(init.body as string);
      return jsonResponse({
        ...customer,
        status: 'Default',
        companyName: 'Lovelace Ltd',
        vatId: 'GB980780684',
      });
    });
    expect(await screen.findByText(/Missing account details/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Company name'), 'Lovelace Ltd');
    await userEvent.type(screen.getByLabelText('VAT number'), 'GB980780684');
    await userEvent.type(screen.getByLabelText('Chamber of commerce number'), '01234567');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/settings/b2b'));
    expect(sent).toMatchObject({
      companyName: 'Lovelace Ltd',
      vatId: 'GB980780684',
      chamberOfCommerceNumber: '01234567',
    });
    expect(screen.queryByText(/Missing account details/)).not.toBeInTheDocument();
  });
});
