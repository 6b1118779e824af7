import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CustomerPdf } from '@photo/contracts/products';
import { jsonResponse, renderApp, testConfig } from '../../test/fixtures';

const listUrl = `${testConfig.apiBaseUrls.products}/v1/Pdfs/me`;
const pdf: CustomerPdf = {
  code: 'MAP-1',
  name: 'Map poster – Amsterdam',
  orderCode: 'NL-7300002',
  productCode: 'WALL_POSTER_A2',
  product: 'Poster A2',
  date: '2026-11-19T09:30:00.000Z',
};

describe('the PDFs page', () => {
  it('lists each PDF with its product, order and date, and the PDF to download', async () => {
    renderApp({ path: '/pdfs', routes: { [listUrl]: () => jsonResponse([pdf]) } });
    const item = (await screen.findByRole('heading', { level: 2, name: 'Map poster – Amsterdam' })).closest(
      'li',
    )!;
    expect(item).toHaveTextContent('Poster A2');
    expect(item).toHaveTextContent('19 Nov 2026');
    expect(within(item).getByRole('link', { name: 'NL-7300002' })).toHaveAttribute(
      'href',
      '/orders/NL-7300002',
    );
    const download = within(item).getByRole('link', { name: 'Download Map poster – Amsterdam' });
    expect(download).toHaveAttribute('href', `${testConfig.apiBaseUrls.products}/v1/pdf/me/MAP-1`);
    expect(download).toHaveAttribute('download');
    expect(screen.getByRole('heading', { level: 1, name: 'My PDFs' })).toBeInTheDocument();
  });

  it('says when there are none yet', async () => {
    renderApp({ path: '/pdfs', routes: { [listUrl]: () => jsonResponse([]) } });
    expect(await screen.findByText(/You have no PDFs yet/)).toBeInTheDocument();
  });

  it('says when the PDFs cannot be loaded, and tries again', async () => {
    let calls = 0;
    renderApp({
      path: '/pdfs',
      routes: {
        [listUrl]: () => {
          calls += 1;
          return calls === 1
            ? jsonResponse({ error: { code: 'forbidden', message: 'no' } }, 403)
            : jsonResponse([pdf]);
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Your PDFs could not be loaded');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Map poster – Amsterdam' }),
    ).toBeInTheDocument();
  });
});
