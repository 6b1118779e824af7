import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { DeliveryAddress, SuperOrder, SuperOrderDetails } from '@photo/contracts/orders';
import { jsonResponse, polyfillDialog, renderApp, testConfig, type FetchRoute } from '../../test/fixtures';
import { ASYNC_TIMEOUT_MS } from '../../test/async-timeout';

const base = testConfig.apiBaseUrls.orders;
const listUrl = (offset: number) =>
  `${base}/v2/superorders/me?Offset=${offset}&Limit=100&OrderState=notExpired`;

const address: DeliveryAddress = {
  country: 'GB',
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: '',
  street: 'Baker Street',
  houseNumber: '221',
  addressLine2: '',
  postcode: 'NW1 6XE',
  city: 'London',
  region: '',
  phone: '',
};

function order(code: string, overrides: Partial<SuperOrder> = {}): SuperOrder {
  return {
    orderCode: code,
    createdAt: '2026-11-20T10:00:00.000Z',
    source: 'Web',
    storefront: 'uk',
    currency: 'GBP',
    deliveryType: 'Home',
    deliveryAddress: address,
    status: 'Ordered',
    inProgress: true,
    productCount: 24,
    deliveryPrice: 0,
    totalPrice: 456,
    canPay: false,
    canCancel: false,
    orders: [
      {
        code: `${code}-1`,
        superOrderCode: code,
        createdAt: '2026-11-20T10:00:00.000Z',
        state: 'Confirmed',
        status: 'Ordered',
        paymentStatus: 'paymentSuccess',
        paymentChangedDate: '2026-11-20T10:00:00.000Z',
        inProgress: true,
        products: [
          {
            lineId: '1',
            code: 'PAP_910',
            articleName: 'Prints 10x15 glossy',
            articleGroup: 'prints',
            quantity: 24,
            unitPrice: 19,
            imageUrl: null,
            voucher: 'BOOK20',
            status: 'Ordered',
            paymentChangedDate: '2026-11-20T10:00:00.000Z',
            processingStatus: 'producing',
          },
        ],
      },
    ],
    ...overrides,
  };
}

function details(code: string): SuperOrderDetails {
  const listed = order(code);
  return {
    ...listed,
    orders: listed.orders.map((inner) => ({
      ...inner,
      products: inner.products.map((product) => ({ ...product, productPdfUrl: null })),
      history: [
        { state: 'Received', status: 'AwaitingPayment', occurredAt: '2026-11-20T10:00:00.000Z' },
        { state: 'Confirmed', status: 'Ordered', occurredAt: '2026-11-20T11:00:00.000Z' },
      ],
      deliveryDates: null,
      tracking: null,
    })),
    canChangeDeliveryAddress: false,
    reorderOf: null,
  };
}

const renderAt = (path: string, routes: Record<string, FetchRoute>) => renderApp({ path, routes });

describe('the orders page', () => {
  it('shows orders in progress and history in two views, with cyan and red status badges', async () => {
    const user = userEvent.setup();
    renderAt('/orders', {
      [listUrl(0)]: () =>
        jsonResponse({
          items: [
            order('UK-1'),
            order('UK-2', { status: 'Cancelled', inProgress: false, createdAt: '2026-09-01T10:00:00.000Z' }),
          ],
          orderCount: 2,
        }),
    });
    const inProgress = await screen.findByRole('list', { name: 'In progress' });
    expect(within(inProgress).getAllByRole('listitem')).toHaveLength(1);
    expect(within(inProgress).getByRole('link', { name: 'Order UK-1' })).toHaveAttribute(
      'href',
      '/orders/UK-1',
    );
    expect(within(inProgress).getByText('Ordered')).toHaveClass('order-badge--active');
    expect(within(inProgress).getByText('24 products')).toBeInTheDocument();
    expect(within(inProgress).getByText('£4.56')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'History' }));
    const history = screen.getByRole('list', { name: 'History' });
    expect(within(history).getByText('Cancelled')).toHaveClass('order-badge--cancelled');
    expect(screen.getByRole('button', { name: 'History' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps only the orders near the viewport in the page, each saying its place in the list', async () => {
    // jsdom lays nothing out: each row is 100 px high, in its 768 px high window.
    const rowHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('orders__item') ? 100 : 0;
    });
    onTestFinished(() => rowHeight.mockRestore());
    const many = Array.from({ length: 100 }, (_, index) => order(`UK-${index + 1}`));
    renderAt('/orders', {
      [listUrl(0)]: () => jsonResponse({ items: many, orderCount: 100 }),
    });
    const inProgress = await screen.findByRole('list', { name: 'In progress' });
    const rows = within(inProgress).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(100);
    expect(rows[0]).toHaveAttribute('aria-posinset', '1');
    expect(rows[0]).toHaveAttribute('aria-setsize', '100');
    expect(within(rows[0]!).getByRole('link', { name: 'Order UK-1' })).toBeInTheDocument();
  });

  it("says so when the customer hasn't ordered anything yet", async () => {
    renderAt('/orders', { [listUrl(0)]: () => jsonResponse({ items: [], orderCount: 0 }) });
    expect(await screen.findByText("You haven't ordered anything yet!")).toBeInTheDocument();
  });

  it('leads to the PDFs made for the orders', async () => {
    renderAt('/orders', { [listUrl(0)]: () => jsonResponse({ items: [order('UK-1')], orderCount: 1 }) });
    expect(await screen.findByRole('link', { name: 'My PDFs: print files of your orders' })).toHaveAttribute(
      'href',
      '/pdfs',
    );
  });

  it('shows the generic error when the list fails', { timeout: 15_000 }, async () => {
    renderAt('/orders', {
      [listUrl(0)]: () => jsonResponse({ error: { code: 'internal', message: 'x' } }, 500),
    });
    // After the query client's two retries of a server failure.
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'An unexpected error has occurred, please contact us if you continue to have problems.',
    );
  });
});

describe('the order details page', () => {
  it('shows products, the voucher when the shop has no offer for it, history and payment', async () => {
    renderAt('/orders/UK-1', {
      [`${base}/v1/superorders/UK-1`]: () =>
        jsonResponse({ ...details('UK-1'), deliveryPrice: 349, totalPrice: 456 + 349 }),
      [`${base}/api/v1/campaigns/offers/BOOK20`]: () =>
        jsonResponse({ error: { code: 'not_found', message: 'no' } }, 404),
      [`${base}/reorder/status/UK-1`]: () =>
        jsonResponse({ orderCode: 'UK-1', canReorder: true, reason: null }),
    });
    expect(await screen.findByText('Prints 10x15 glossy')).toBeInTheDocument();
    expect(await screen.findByText('Voucher BOOK20')).toBeInTheDocument();
    expect(screen.getByText('Producing')).toBeInTheDocument();
    expect(screen.getByText('£0.19 each')).toBeInTheDocument();
    expect(screen.getByText(/^Paid/)).toBeInTheDocument();
    expect(screen.getByText('Not planned yet')).toBeInTheDocument();
    expect(screen.getByText('Home delivery')).toBeInTheDocument();
    const facts = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(facts('Delivery costs')).toHaveTextContent('£3.49');
    expect(facts('Total')).toHaveTextContent('£8.05');
    expect(await screen.findByRole('button', { name: 'Reorder these products' })).toBeEnabled();
  });

  it('shows the parcel of a dispatched order, with a link to the carrier’s tracking page when there is one', async () => {
    const shown = details('UK-3');
    const url = 'https://www.royalmail.com/track-your-item#/tracking-results/AB%20123%20GB';
    shown.orders[0]!.tracking = { carrier: 'Royal Mail', number: 'AB 123 GB', url };
    renderAt('/orders/UK-3', {
      [`${base}/v1/superorders/UK-3`]: () => jsonResponse(shown),
      [`${base}/api/v1/campaigns/offers/BOOK20`]: () =>
        jsonResponse({ error: { code: 'not_found', message: 'no' } }, 404),
      [`${base}/reorder/status/UK-3`]: () =>
        jsonResponse({ orderCode: 'UK-3', canReorder: true, reason: null }),
    });
    expect(await screen.findByText(/Royal Mail AB 123 GB/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track parcel' })).toHaveAttribute('href', url);
  });

  it('links the product sheet of a product whose information has one, and of no other', async () => {
    const shown = details('UK-2');
    const [prints] = shown.orders[0]!.products;
    const sheetUrl = '/api/products/v1/Products/WALL_POSTER_A2/files/product.pdf';
    shown.orders[0]!.products.push({
      ...prints!,
      lineId: '2',
      code: 'WALL_POSTER_A2',
      articleName: 'Poster A2',
      voucher: null,
      productPdfUrl: sheetUrl,
    });
    renderAt('/orders/UK-2', {
      [`${base}/v1/superorders/UK-2`]: () => jsonResponse(shown),
      [`${base}/api/v1/campaigns/offers/BOOK20`]: () =>
        jsonResponse({ error: { code: 'not_found', message: 'no' } }, 404),
      [`${base}/reorder/status/UK-2`]: () =>
        jsonResponse({ orderCode: 'UK-2', canReorder: true, reason: null }),
    });
    const sheet = await screen.findByRole('link', { name: 'Product information for Poster A2 (PDF)' });
    expect(sheet).toHaveAttribute('href', sheetUrl);
    expect(screen.getAllByRole('link', { name: /^Product information/ })).toHaveLength(1);
  });

  it('shows no delivery costs when the shop charged none', async () => {
    renderAt('/orders/UK-1', {
      [`${base}/v1/superorders/UK-1`]: () => jsonResponse(details('UK-1')),
      [`${base}/api/v1/campaigns/offers/BOOK20`]: () =>
        jsonResponse({ error: { code: 'not_found', message: 'no' } }, 404),
      [`${base}/reorder/status/UK-1`]: () =>
        jsonResponse({ orderCode: 'UK-1', canReorder: true, reason: null }),
    });
    expect(await screen.findByText('Prints 10x15 glossy')).toBeInTheDocument();
    expect(screen.queryByText('Delivery costs')).not.toBeInTheDocument();
  });

  it("says 'Order not found' for an unknown code, and the order load error for any other failure", async () => {
    renderAt('/orders/UK-404', {
      [`${base}/v1/superorders/UK-404`]: () =>
        jsonResponse({ error: { code: 'not_found', message: 'no' } }, 404),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
  });

  it('shows the order load error of docs/product/errors.md when the order cannot be loaded', async () => {
    renderAt('/orders/UK-500', {
      [`${base}/v1/superorders/UK-500`]: () =>
        jsonResponse({ error: { code: 'internal', message: 'x' } }, 500),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred loading this order, please contact us to report this issue.',
    );
  });

  it('changes the delivery address before production, and says so when the shop refuses', async () => {
    const user = userEvent.setup();
    const changeable = { ...details('UK-7'), canChangeDeliveryAddress: true };
    let answer: FetchRoute = (init) => jsonResponse(JSON.parse(init?.body as string) as object);
    renderAt('/orders/UK-7', {
      [`${base}/v1/superorders/UK-7`]: () => jsonResponse(changeable),
      [`${base}/v1/superorders/UK-7/deliveryAddress`]: (init) => answer(init),
      [`${base}/api/v1/campaigns/offers/BOOK20`]: () =>
        jsonResponse({ error: { code: 'not_found', message: 'no' } }, 404),
      [`${base}/reorder/status/UK-7`]: () =>
        jsonResponse({ orderCode: 'UK-7', canReorder: true, reason: null }),
    });
    await user.click(await screen.findByRole('button', { name: 'Change delivery address' }));
    // The form loads when it is asked for (decision 161).
    const street = await screen.findByLabelText('Street name');
    await user.clear(street);
    await user.type(street, 'Abbey Road');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The delivery address has been changed.');
    expect(screen.getByText('221 Abbey Road')).toBeInTheDocument();
    expect(document.querySelector('.address-change')).toHaveAttribute('data-state', 'SuccessfulUpdate');

    answer = () => jsonResponse({ error: { code: 'conflict', message: 'production started' } }, 409);
    await user.click(screen.getByRole('button', { name: 'Change delivery address' }));
    await user.click(await screen.findByRole('button', { name: 'Save address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This order is already in production: its delivery address can no longer be changed.',
    );
    expect(document.querySelector('.address-change')).toHaveAttribute('data-state', 'RequestFailed');
  });
});

describe('paying for an order and reordering it (issue 20)', () => {
  beforeAll(polyfillDialog);
  const noOffer = () => jsonResponse({ error: { code: 'not_found', message: 'no' } }, 404);
  const awaiting = (code: string): SuperOrderDetails => {
    const shown = details(code);
    return {
      ...shown,
      status: 'AwaitingPayment',
      canPay: true,
      canCancel: true,
      orders: shown.orders.map((inner) => ({
        ...inner,
        state: 'Received',
        status: 'AwaitingPayment',
        paymentStatus: 'paymentPending',
      })),
    };
  };

  it('offers Pay now and Cancel order on an order awaiting payment, and goes to the provider to pay', async () => {
    const user = userEvent.setup();
    const { environment } = renderAt('/orders/UK-9', {
      [`${base}/v1/superorders/UK-9`]: () => jsonResponse(awaiting('UK-9')),
      [`${base}/v1/superorders/UK-9/payments`]: () =>
        jsonResponse({ orderCode: 'UK-9', continueTo: 'https://pay.example/session/1' }, 201),
      [`${base}/api/v1/campaigns/offers/BOOK20`]: noOffer,
      [`${base}/reorder/status/UK-9`]: () =>
        jsonResponse({ orderCode: 'UK-9', canReorder: true, reason: null }),
    });
    expect(await screen.findByText('This order is waiting for your payment.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await vi.waitFor(
      () => expect(environment.leaveTo).toHaveBeenCalledWith('https://pay.example/session/1'),
      { timeout: ASYNC_TIMEOUT_MS },
    );
  });

  it('says so when the payment did not go through, and cancels only once confirmed', async () => {
    const user = userEvent.setup();
    let cancelled = 0;
    renderAt('/orders/UK-9?payment=failed', {
      [`${base}/v1/superorders/UK-9`]: () =>
        jsonResponse(cancelled ? { ...details('UK-9'), status: 'Cancelled' } : awaiting('UK-9')),
      [`${base}/v1/superorders/UK-9/actions/cancel`]: () => {
        cancelled += 1;
        return jsonResponse({ orderCode: 'UK-9', status: 'Cancelled' });
      },
      [`${base}/api/v1/campaigns/offers/BOOK20`]: noOffer,
      [`${base}/reorder/status/UK-9`]: () =>
        jsonResponse({ orderCode: 'UK-9', canReorder: true, reason: null }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your payment did not go through');
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order UK-9?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(cancelled).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel order UK-9?' })).getByRole('button', {
        name: 'Cancel order',
      }),
    );
    expect(await screen.findByText('Order UK-9 has been cancelled.')).toBeVisible();
    expect(cancelled).toBe(1);
  });

  it('shows what a reorder orders and costs before placing it, then follows where the server leads', async () => {
    const user = userEvent.setup();
    const confirmed: unknown[] = [];
    const { router } = renderAt('/orders/UK-1', {
      [`${base}/v1/superorders/UK-1`]: () => jsonResponse(details('UK-1')),
      [`${base}/api/v1/campaigns/offers/BOOK20`]: noOffer,
      [`${base}/reorder/status/UK-1`]: () =>
        jsonResponse({ orderCode: 'UK-1', canReorder: true, reason: null }),
      [`${base}/reorder/quote/UK-1`]: () =>
        jsonResponse({
          orderCode: 'UK-1',
          currency: 'GBP',
          lines: [
            {
              code: 'PAP_910',
              articleName: 'Photo prints 10 × 15 cm',
              quantity: 24,
              unitPrice: 17,
              imageUrl: null,
            },
          ],
          deliveryType: 'Home',
          deliveryAddress: address,
          deliveryPrice: 349,
          totalPrice: 24 * 17 + 349,
          payment: { method: 'card', how: 'savedMethod' },
        }),
      [`${base}/reorder?OrderCode=UK-1`]: (init) => {
        confirmed.push(JSON.parse(init?.body as string));
        return jsonResponse({ orderCode: 'UK-R1', continueTo: '/orders/UK-R1/thank-you' }, 201);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Reorder these products' }));
    const review = screen.getByRole('dialog', { name: 'Review your new order' });
    expect(await within(review).findByText('24 × Photo prints 10 × 15 cm')).toBeVisible();
    expect(within(review).getByText('£4.08')).toBeVisible();
    expect(within(review).getByText('£3.49')).toBeVisible();
    expect(within(review).getByText('221 Baker Street')).toBeVisible();
    expect(
      within(review).getByText('Paid now with your saved payment method: Credit or debit card.'),
    ).toBeVisible();
    await user.click(within(review).getByRole('button', { name: 'Order and pay £7.57' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/orders/UK-R1/thank-you'), {
      timeout: ASYNC_TIMEOUT_MS,
    });
    expect(confirmed).toEqual([{ confirmedTotal: 757 }]);
  });

  it('thanks the customer for a paid order, says where the confirmation went and what comes next', async () => {
    renderAt('/orders/UK-1/thank-you', {
      [`${base}/v1/superorders/UK-1`]: () => jsonResponse(details('UK-1')),
      [`${base}/v1/ArticleGroup`]: () =>
        jsonResponse({ items: [{ name: 'prints', productionDays: 2, reorderable: true }] }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
    expect(await screen.findByText('Thank you, your order UK-1 is placed.')).toBeVisible();
    expect(screen.getByText('We have sent a confirmation to ada@example.com.')).toBeVisible();
    expect(await screen.findByText(/which takes about 2 working days/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'View order details' })).toHaveAttribute('href', '/orders/UK-1');
  });

  it('says a payment still being processed is awaited before production starts', async () => {
    renderAt('/orders/UK-9/thank-you', {
      [`${base}/v1/superorders/UK-9`]: () => jsonResponse(awaiting('UK-9')),
      [`${base}/v1/ArticleGroup`]: () => jsonResponse({ items: [] }),
    });
    expect(await screen.findByText(/Your payment is being processed/)).toBeVisible();
  });
});
