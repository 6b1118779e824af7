import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { calledUrls, jsonResponse, renderApp, sentReports, testConfig, testCustomer } from '../test/fixtures';

const privateCustomer = testCustomer();
const businessCustomer = testCustomer({ isB2B: true, firstName: 'Grace', lastName: 'Hopper' });

async function heading(name: string) {
  return screen.findByRole('heading', { level: 1, name });
}

async function sideMenuLinks() {
  const menu = await screen.findByRole('navigation', { name: 'My account' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('side menu (docs/product/routes.md)', () => {
  it('shows a private customer their sections, without the B2B ones', async () => {
    renderApp({ path: '/', customer: privateCustomer });
    expect(await sideMenuLinks()).toEqual([
      ['My account overview', '/'],
      ['Orders', '/orders'],
      ['My settings', '/settings'],
      ['My saved projects', '/saved-projects'],
      ['My photos', '/my-photos/photos'],
      ['My online photo books', '/online-products'],
      ['FAQs', testConfig.faqUrl],
      ['Sign out', '/logout'],
    ]);
  });

  it('shows a business customer invoices, FTP instructions and B2B settings, but no online photo books', async () => {
    renderApp({ path: '/', customer: businessCustomer });
    expect(await sideMenuLinks()).toEqual([
      ['My account overview', '/'],
      ['Orders', '/orders'],
      ['B2B invoices', '/invoices'],
      ['FTP instructions', '/integration'],
      ['My settings', '/settings/b2b'],
      ['My saved projects', '/saved-projects'],
      ['My photos', '/my-photos/photos'],
      ['FAQs', testConfig.faqUrl],
      ['Sign out', '/logout'],
    ]);
  });

  it('hides My photos when the timeline flag is off', async () => {
    renderApp({ path: '/', flags: { PhotoManagementTimelineViewEnabled: false } });
    const labels = (await sideMenuLinks()).map(([label]) => label);
    expect(labels).not.toContain('My photos');
    expect(labels).toContain('My saved projects');
  });

  it('marks the current section, also on the pages below it', async () => {
    renderApp({ path: '/my-photos/albums' });
    await heading('My photos');
    const menu = screen.getByRole('navigation', { name: 'My account' });
    expect(within(menu).getByRole('link', { name: 'My photos' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'My account overview' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('uses the menu title as the heading and the document title, and moves focus there on navigation', async () => {
    renderApp({ path: '/' });
    await heading('My account overview');
    expect(document.title).toBe('My account overview');
    const menu = screen.getByRole('navigation', { name: 'My account' });
    await userEvent.click(within(menu).getByRole('link', { name: 'My saved projects' }));
    const savedProjects = await heading('My saved projects');
    await waitFor(() => expect(savedProjects).toHaveFocus());
    expect(document.title).toBe('My saved projects');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

describe('shell', () => {
  it('greets the customer by name on the overview and links to the sections', async () => {
    renderApp({ path: '/', customer: privateCustomer });
    expect(await screen.findByText('Welcome, Ada Lovelace')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'All orders' })).toHaveAttribute('href', '/orders');
  });

  it('has a skip link, a header with the shop navigation, the menu and the main content', async () => {
    renderApp({ path: '/' });
    await heading('My account overview');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('banner')).toBeInTheDocument();
    const shop = await screen.findByRole('navigation', { name: 'Shop' });
    // The shop's menu arrives by its own request, after the page itself.
    expect(await within(shop).findByRole('link', { name: 'Photo books' })).toHaveAttribute(
      'href',
      'https://www.photoshop.co.uk/photo-books',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('falls back to a link to the shop when the menu config fails, and reports it', async () => {
    const { fetchMock } = renderApp({
      path: '/',
      config: { menuConfigUrl: 'http://nl.localhost:8080/missing.json' },
      // The overview's own calls answer, so the only failure reported is the menu's.
      routes: {
        [`${testConfig.apiBaseUrls.orders}/v2/superorders/me?Limit=3&OrderState=notExpired`]: () =>
          jsonResponse({ items: [], orderCount: 0 }),
        [`${testConfig.apiBaseUrls.photos}/users`]: () =>
          jsonResponse({ photosCount: 0, albumsCount: 0, status: 'ACTIVE' }),
        [`${testConfig.apiBaseUrls.share}/users`]: () =>
          jsonResponse({ readAlbumsCount: 0, grantedAlbumsCount: 0 }),
        [`${testConfig.apiBaseUrls.photos}/photos?limit=6&sortKey=created&sortOrder=desc`]: () =>
          jsonResponse({ cursor: null, images: [] }),
        [`${testConfig.apiBaseUrls.widgets}/v1/widget/all`]: () => jsonResponse([]),
        [`${testConfig.apiBaseUrls.projects}/api/v2/projects/c-1?skip=0&limit=3`]: () =>
          jsonResponse({ projects: [], totalProjectCount: 0 }),
        [`${testConfig.apiBaseUrls.storage}/accounts/getaccountinformation`]: () =>
          jsonResponse({
            lastOrderDate: null,
            projectCount: 0,
            projectedDeletionDate: '2027-06-01T10:00:00.000Z',
            registrationDate: '2025-12-01T10:00:00.000Z',
            daysRemaining: 180,
            monthsRemaining: 6,
            status: 'safe',
          }),
      },
    });
    const shop = await screen.findByRole('navigation', { name: 'Shop' });
    expect(await within(shop).findByRole('link', { name: 'Go to the shop' })).toHaveAttribute(
      'href',
      testConfig.shopUrl,
    );
    expect(sentReports(fetchMock)).toEqual([expect.objectContaining({ action: 'MENU_CONFIG_LOAD_FAILED' })]);
  });

  it('keeps the header but hides the shop navigation with hideHeaderNav=true', async () => {
    renderApp({ path: '/?hideHeaderNav=true' });
    await heading('My account overview');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Shop' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'My account' })).toBeInTheDocument();
  });
});

describe('guards (docs/product/routes.md, roles.md)', () => {
  it.each([
    ['/invoices', privateCustomer, {}],
    ['/integration', privateCustomer, {}],
    ['/settings/b2b', privateCustomer, {}],
    ['/settings/b2b/new-address', privateCustomer, {}],
    ['/online-products', businessCustomer, {}],
    ['/online-products/PB-1', businessCustomer, {}],
    ['/settings', businessCustomer, {}],
    ['/settings/addresses/all', businessCustomer, {}],
    ['/my-photos/photos', privateCustomer, { PhotoManagementTimelineViewEnabled: false }],
    ['/my-photos/photos/preview/p1', privateCustomer, { PhotoManagementTimelineViewEnabled: false }],
    ['/my-photos/albums', privateCustomer, { PhotoManagementAlbumViewEnabled: false }],
    ['/my-photos/albums/a1/preview/p1', privateCustomer, { PhotoManagementAlbumViewEnabled: false }],
    ['/my-photos/shared-albums/s1', privateCustomer, { PhotoManagementSharedAlbumsViewEnabled: false }],
    [
      '/my-photos/shared-albums/s1/preview/p1',
      privateCustomer,
      { PhotoManagementSharedAlbumsViewEnabled: false },
    ],
    ['/no-such-page', privateCustomer, {}],
  ])('redirects %s to the overview when its condition is false', async (path, customer, flags) => {
    const { router } = renderApp({ path, customer, flags });
    await heading('My account overview');
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/invoices', businessCustomer, 'B2B invoices'],
    ['/integration', businessCustomer, 'FTP instructions'],
    ['/settings/b2b', businessCustomer, 'My settings'],
    ['/online-products', privateCustomer, 'My online photo books'],
    ['/settings', privateCustomer, 'My settings'],
    ['/settings/personal-details', businessCustomer, 'Change personal details'],
    ['/my-photos/photos', privateCustomer, 'My photos'],
    ['/my-photos/shared-albums/s1', privateCustomer, 'Albums'],
    ['/orders/SO-1', privateCustomer, 'Order details'],
  ])('opens %s when its condition holds', async (path, customer, title) => {
    const { router } = renderApp({ path, customer });
    await heading(title);
    expect(router.state.location.pathname).toBe(path);
  });

  it('shows the photo previews full screen, without the site header', async () => {
    renderApp({ path: '/my-photos/albums/a1/preview/p1' });
    const back = await screen.findByRole('link', { name: 'Back to album' });
    expect(back).toHaveAttribute('href', '/my-photos/albums/a1');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'My account' })).not.toBeInTheDocument();
  });
});

describe('query parameters across navigation (docs/product/routes.md)', () => {
  it('hides header and navigation when stripped, and keeps stripped=true on links', async () => {
    const { router } = renderApp({ path: '/?stripped=true' });
    await heading('My account overview');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'My account' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'All orders' }));
    await heading('Orders');
    expect(router.state.location.search).toBe('?stripped=true');
  });

  it('keeps stripped=true on guard redirects', async () => {
    const { router } = renderApp({ path: '/invoices?stripped=true', customer: privateCustomer });
    await heading('My account overview');
    expect(router.state.location).toMatchObject({ pathname: '/', search: '?stripped=true' });
  });

  it('keeps the query string when moving between photo and album routes', async () => {
    const { router } = renderApp({ path: '/my-photos/photos?sortKey=created&hideHeaderNav=true' });
    await heading('My photos');
    const views = screen.getByRole('navigation', { name: 'Photo library' });
    // The tab names may carry counts ('Photos (12)'): match their start.
    expect(within(views).getByRole('link', { name: /^Photos/ })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(views).getByRole('link', { name: /^Albums/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-photos/albums'));
    expect(router.state.location.search).toBe('?sortKey=created&hideHeaderNav=true');
  });

  it('sends /my-photos to the photos, keeping the query', async () => {
    const { router } = renderApp({ path: '/my-photos?sortKey=created' });
    await heading('My photos');
    expect(router.state.location).toMatchObject({
      pathname: '/my-photos/photos',
      search: '?sortKey=created',
    });
  });
});

describe('signing in (docs/product/roles.md, errors.md)', () => {
  it('sends a visitor without a session to sign in, returning to the same address', async () => {
    const { environment, fetchMock } = renderApp({ path: '/orders?stripped=true', customer: 401 });
    await waitFor(() =>
      expect(environment.leaveTo).toHaveBeenCalledWith('/auth/login?returnTo=%2Forders%3Fstripped%3Dtrue'),
    );
    expect(sentReports(fetchMock)).toEqual([]);
  });

  it('reports a failed sign-in that came back with a state parameter and starts over at /', async () => {
    const { environment, fetchMock } = renderApp({ path: '/orders?state=abc123&code=xyz', customer: 401 });
    await waitFor(() => expect(environment.leaveTo).toHaveBeenCalledWith('/auth/login?returnTo=%2F'));
    expect(sentReports(fetchMock)).toEqual([
      expect.objectContaining({ action: 'AUTHENTICATION_FAILED', status: 401 }),
    ]);
  });

  it('shows a deleted account the account-deleted page (404 from /customers/me)', async () => {
    const { router } = renderApp({ path: '/orders?stripped=true', customer: 404 });
    await heading('Your account has been deleted');
    expect(router.state.location).toMatchObject({ pathname: '/account-deleted', search: '?stripped=true' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      testConfig.createAccountUrl,
    );
    expect(screen.getByRole('link', { name: 'View products' })).toHaveAttribute('href', testConfig.shopUrl);
  });

  it('serves the public pages without asking who is signed in', async () => {
    const { fetchMock } = renderApp({ path: '/subscription-confirmation-success', customer: 401 });
    await heading('Success!');
    expect(screen.getByText('Your e-mail address has been successfully subscribed!')).toBeInTheDocument();
    expect(calledUrls(fetchMock)).not.toContain(`${testConfig.apiBaseUrls.customers}/customers/me`);
  });
});

describe('pages outside the main shell', () => {
  it('offers a way to try again and customer care when deleting the account failed', async () => {
    const { router } = renderApp({ path: '/delete-account-error', customer: businessCustomer });
    await heading("Your account couldn't be deleted");
    expect(
      screen.getByText(
        'An unexpected error has occurred, please contact us if you continue to have problems.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact customer care' })).toHaveAttribute(
      'href',
      testConfig.customerCareUrl,
    );
    expect(screen.queryByRole('navigation', { name: 'My account' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('My settings');
    expect(router.state.location.pathname).toBe('/settings/b2b');
  });

  it('offers the same after a failed e-mail change, back to the e-mail settings', async () => {
    const { router } = renderApp({ path: '/change-email-error' });
    await heading("Your e-mail address wasn't changed");
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('Change e-mail address');
    expect(router.state.location.pathname).toBe('/settings/email');
  });

  it('signs out with a full page navigation when reached inside the app', async () => {
    const { router, environment } = renderApp({ path: '/' });
    await heading('My account overview');
    await router.navigate('/logout');
    await waitFor(() => expect(environment.leaveTo).toHaveBeenCalledWith('/logout'));
  });

  it('does not loop when the server answered /logout with the app itself', async () => {
    const { environment } = renderApp({ path: '/logout' });
    await heading('Sign out');
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/logout');
    expect(environment.leaveTo).not.toHaveBeenCalled();
  });
});

describe('account banners in the shell (docs/product/routes.md)', () => {
  it('warns a blocked business customer on every page of the shell', async () => {
    renderApp({ path: '/orders', customer: testCustomer({ isB2B: true, status: 'Blocked' }) });
    await heading('Orders');
    expect(screen.getByRole('alert')).toHaveTextContent('Blocked account, please contact customer care');
  });
});

describe("a page's first calls (issue 23)", () => {
  const photos = testConfig.apiBaseUrls.photos;
  const indexUrl = `${photos}/users/timeline?sortKey=dateTaken`;
  const countsUrl = `${photos}/users`;

  it('asks for the photos page’s counts and months as its route starts, before the page is drawn, and once', async () => {
    const gridOnScreenWhenAsked: boolean[] = [];
    const { fetchMock } = renderApp({
      path: '/my-photos/photos',
      routes: {
        [indexUrl]: () => {
          gridOnScreenWhenAsked.push(document.querySelector('.timeline') !== null);
          return jsonResponse([]);
        },
        [countsUrl]: () => jsonResponse({ photosCount: 0, albumsCount: 0, status: 'ACTIVE' }),
      },
    });
    await screen.findByText('Your photo library is empty');
    expect(gridOnScreenWhenAsked).toEqual([false]);
    expect(calledUrls(fetchMock).filter((url) => url === countsUrl)).toHaveLength(1);
  });

  it('asks a visitor who is not signed in for nothing of theirs, only who they are (and the shop’s menu)', async () => {
    const { environment, fetchMock } = renderApp({ path: '/my-photos/photos', customer: 401 });
    await waitFor(() => expect(environment.leaveTo).toHaveBeenCalled());
    expect(calledUrls(fetchMock).sort()).toEqual(
      [`${testConfig.apiBaseUrls.customers}/customers/me`, testConfig.menuConfigUrl].sort(),
    );
  });
});
