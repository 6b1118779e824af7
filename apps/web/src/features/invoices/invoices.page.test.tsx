import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HistoricalInvoice } from '@photo/contracts/invoices';
import { jsonResponse, renderApp, testConfig, testCustomer } from '../../test/fixtures';

const listUrl = `${testConfig.apiBaseUrls.invoices}/api/v1/HistoricalInvoice/me`;
const business = testCustomer({ isB2B: true });
const invoice: HistoricalInvoice = {
  id: '0190a0b0-0000-7000-8000-000000000001',
  orderRef: 'SO-1001',
  channel: 'UK',
  invoiceNumber: 'UK-000001',
  issued: '2026-11-20T09:30:00.000Z',
  issuedOn: '2026-11-20',
  grossTotal: 8084,
  currency: 'GBP',
};

describe('the invoices page', () => {
  it('sends a private customer to the overview', async () => {
    const view = renderApp({ path: '/invoices' });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
  });

  it('lists date, number, order and amount, with the PDF to download', async () => {
    renderApp({
      path: '/invoices',
      customer: business,
      routes: { [listUrl]: () => jsonResponse([invoice]) },
    });
    const row = (await screen.findByRole('rowheader', { name: 'UK-000001' })).closest('tr')!;
    expect(row).toHaveTextContent('20 Nov 2026');
    expect(row).toHaveTextContent('SO-1001');
    expect(row).toHaveTextContent('£80.84');
    expect(within(row).getByRole('link', { name: 'Download UK-000001' })).toHaveAttribute(
      'href',
      `${testConfig.apiBaseUrls.invoices}/api/v1/HistoricalInvoice/me/pdf/${invoice.id}/UK`,
    );
  });

  it('dates an invoice as it prints: the seller’s day, not the browser’s', async () => {
    // 00:30 on 1 January in Amsterdam is still 31 December in UTC (and in this test's browser).
    const newYear = { ...invoice, issued: '2026-12-31T23:30:00.000Z', issuedOn: '2027-01-01' };
    renderApp({
      path: '/invoices',
      customer: business,
      routes: { [listUrl]: () => jsonResponse([newYear]) },
    });
    const row = (await screen.findByRole('rowheader', { name: 'UK-000001' })).closest('tr')!;
    expect(row).toHaveTextContent('1 Jan 2027');
  });

  it('says when there are none yet', async () => {
    renderApp({ path: '/invoices', customer: business, routes: { [listUrl]: () => jsonResponse([]) } });
    expect(await screen.findByText(/You have no invoices yet/)).toBeInTheDocument();
  });

  it('says when the invoices cannot be loaded', async () => {
    renderApp({
      path: '/invoices',
      customer: business,
      routes: { [listUrl]: () => jsonResponse({ error: { code: 'forbidden', message: 'no' } }, 403) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Your invoices could not be loaded');
  });
});
