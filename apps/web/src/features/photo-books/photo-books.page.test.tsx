import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PhotoBook } from '@photo/contracts/photo-books';
import { jsonResponse, polyfillDialog, renderApp, testConfig } from '../../test/fixtures';

const widgets = testConfig.apiBaseUrls.widgets;
const gallery = testConfig.apiBaseUrls.gallery;
const ID = '00000000-0000-7000-8000-000000000001';

const book = (overrides: Partial<PhotoBook> = {}): PhotoBook => ({
  id: ID,
  orderCode: 'UK-7300003-1',
  title: 'Summer in Sweden',
  productName: 'Photo book A4',
  pageCount: 16,
  isPublic: true,
  coverUrl: `/api/widgets/v1/widget/${ID}/cover`,
  viewerUrl: 'http://uk.localhost:8080/photo-books/AAAAAAAAAAAAAAAAAAAAAA',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const routes = (list: PhotoBook[], extra: Record<string, (init?: RequestInit) => Response> = {}) => ({
  [`${widgets}/v1/widget/all`]: () => jsonResponse(list),
  [`${gallery}/v1/blockedorders/c-1`]: () =>
    jsonResponse([
      {
        orderCode: 'UK-7300009-1',
        title: 'Our wedding day',
        productName: 'Photo book',
        reason: 'licensedContent',
      },
    ]),
  [`${gallery}/v1/galleryentries/${ID}?channel=UK`]: () => jsonResponse(null),
  [`${gallery}/v1/categories`]: () => jsonResponse([{ id: 'family' }, { id: 'travel' }, { id: 'other' }]),
  ...extra,
});

beforeAll(polyfillDialog);

describe('the online photo books page', () => {
  it('lists books under their product code with the viewer and share links, and blocked orders with why', async () => {
    renderApp({ path: '/online-products', routes: routes([book()]) });
    const list = await screen.findByRole('list', { name: 'My online photo books' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Order UK-7300003-1');
    expect(item).toHaveTextContent('16 pages');
    expect(within(item).getByRole('link', { name: 'View online' })).toHaveAttribute('href', book().viewerUrl);
    expect(within(item).getByRole('link', { name: 'Share' })).toHaveAttribute(
      'href',
      '/online-products/UK-7300003-1',
    );
    expect(within(item).getByRole('switch', { name: 'Public viewing' })).toBeChecked();
    expect(
      await screen.findByText('This photo book uses licensed designs that may not be shown online.'),
    ).toBeVisible();
    expect(await within(item).findByRole('button', { name: 'Publish in gallery' })).toBeVisible();
  });

  it('shows the empty text and leads to the public gallery', async () => {
    renderApp({
      path: '/online-products',
      routes: { ...routes([]), [`${gallery}/v1/blockedorders/c-1`]: () => jsonResponse([]) },
    });
    expect(await screen.findByText('You have no online photo books yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the public photo book gallery' })).toHaveAttribute(
      'href',
      '/photo-books/gallery',
    );
  });

  it('says so when the books cannot be loaded', async () => {
    renderApp({
      path: '/online-products',
      routes: routes([], {
        [`${widgets}/v1/widget/all`]: () => jsonResponse({ error: { code: 'forbidden', message: 'x' } }, 403),
      }),
    });
    expect(await screen.findByText('Error: Your online photo books could not be loaded')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('switches public viewing off and asks before deleting', async () => {
    const user = userEvent.setup();
    let current = book();
    const { fetchMock } = renderApp({
      path: '/online-products',
      routes: routes([], {
        [`${widgets}/v1/widget/all`]: () => jsonResponse([current]),
        [`${widgets}/v1/widget/${ID}`]: (init) => {
          if (init?.method === 'PUT') {
            current = book({ isPublic: (JSON.parse(init.body as string) as { isPublic: boolean }).isPublic });
            return jsonResponse(current);
          }
          return jsonResponse(null, 204);
        },
      }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Public viewing' });
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Public viewing' })).not.toBeChecked());
    expect(screen.queryByRole('link', { name: 'View online' })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Its link no longer works. When you switch public viewing on again, the photo book gets a new link, and links you shared earlier will not work.',
      ),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this online photo book?' });
    expect(dialog).toHaveTextContent('“Summer in Sweden” can then no longer be viewed online');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
  });
});

describe('the share form', () => {
  const b64 = (text: string) => {
    let binary = '';
    for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
    return btoa(binary);
  };
  const shareUrl = (fields: Record<string, string>) =>
    `${widgets}/v1/widget/${ID}/share?${new URLSearchParams(fields).toString()}`;

  it('checks the fields, sends them base64-encoded and confirms', async () => {
    const user = userEvent.setup();
    const expected = shareUrl({
      vendorId: 'UK',
      fromName: b64('Ada Ö'),
      toEmailAddress: b64('friend@example.com'),
      personalMessage: b64('Kijk <b>eens</b>'),
    });
    const { fetchMock } = renderApp({
      path: '/online-products/UK-7300003-1',
      routes: routes([book()], { [expected]: () => jsonResponse(null, 204) }),
    });
    await screen.findByRole('heading', { name: 'Summer in Sweden' });
    const name = screen.getByRole('textbox', { name: 'Your name' });
    expect(name).toHaveValue('Ada');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Please enter your name')).toBeVisible();
    await user.type(name, 'Ada Ö');
    const email = screen.getByRole('textbox', { name: "Recipient's e-mail address" });
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('Please enter a valid e-mail address')).toBeVisible();

    await user.clear(email);
    await user.type(email, 'friend@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Personal message (optional)' }), 'Kijk <b>eens</b>');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your photo book was sent to friend@example.com.')).toBeVisible();
    const call = fetchMock.mock.calls.find(([url]) => url.toString() === expected);
    expect(call?.[1]?.method).toBe('PUT');
  });

  it('says so when the customer shared too often', async () => {
    const user = userEvent.setup();
    renderApp({
      path: '/online-products/UK-7300003-1',
      routes: routes([book()], {
        [shareUrl({ vendorId: 'UK', fromName: b64('Ada'), toEmailAddress: b64('a@example.com') })]: () =>
          jsonResponse({ error: { code: 'too_many_requests', message: 'slow down' } }, 429),
      }),
    });
    await user.type(
      await screen.findByRole('textbox', { name: "Recipient's e-mail address" }),
      'a@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have shared photo books many times in the last hour. Please try again later.',
    );
  });

  it('tells when the product code is not one of the customer’s books', async () => {
    renderApp({ path: '/online-products/NL-1-1', routes: routes([book()]) });
    expect(await screen.findByText('This online photo book could not be found.')).toBeVisible();
  });
});
