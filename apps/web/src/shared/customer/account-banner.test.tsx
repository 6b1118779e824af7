import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Customer } from '@photo/contracts/customers';
import { AppEnvironmentProvider, type AppEnvironment } from '../environment/app-environment.context';
import { I18nProvider } from '../i18n/i18n.context';
import { allFlagsOn, enTranslator, testConfig } from '../../test/fixtures';
import { AccountBanner, accountBannerFor } from './account-banner';
import { rememberAccountDetailsSubmitted } from './account-details-submitted';

describe('accountBannerFor (docs/product/settings.md, decision 021)', () => {
  it.each([
    [{ isB2B: true, status: 'New' }, false, 'missing-details'],
    [{ isB2B: true, status: 'New' }, true, 'pending-validation'],
    [{ isB2B: true, status: 'Blocked' }, false, 'blocked'],
    [{ isB2B: true, status: 'Blocked' }, true, 'blocked'],
    [{ isB2B: true, status: 'Default' }, false, undefined],
    [{ isB2B: false, status: 'New' }, false, undefined],
    [{ isB2B: false, status: 'Blocked' }, false, undefined],
  ] as const)('%j with details submitted %s shows %s', (customer, submitted, banner) => {
    expect(accountBannerFor(customer, submitted)).toBe(banner);
  });
});

function renderBanner(customer: Pick<Customer, 'isB2B' | 'status'>) {
  const environment = { config: testConfig, flags: allFlagsOn } as AppEnvironment;
  const router = createMemoryRouter([{ path: '*', element: <AccountBanner customer={customer} /> }]);
  return render(
    <AppEnvironmentProvider environment={environment}>
      <I18nProvider translator={enTranslator}>
        <RouterProvider router={router} />
      </I18nProvider>
    </AppEnvironmentProvider>,
  );
}

describe('AccountBanner', () => {
  it('asks a new business customer to complete their details, with a link to the B2B settings', () => {
    renderBanner({ isB2B: true, status: 'New' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Missing account details, please complete additional details',
    );
    expect(screen.getByRole('link', { name: 'Complete details' })).toHaveAttribute('href', '/settings/b2b');
  });

  it('tells a new business customer who sent their details that validation is pending', () => {
    rememberAccountDetailsSubmitted(sessionStorage);
    renderBanner({ isB2B: true, status: 'New' });
    expect(screen.getByRole('status')).toHaveTextContent('Pending account validation');
    expect(screen.queryByText(/Missing account details/)).not.toBeInTheDocument();
  });

  it('warns a blocked business customer at once and leads to customer care', () => {
    renderBanner({ isB2B: true, status: 'Blocked' });
    expect(screen.getByRole('alert')).toHaveTextContent('Blocked account, please contact customer care');
    expect(screen.getByRole('link', { name: 'Contact customer care' })).toHaveAttribute(
      'href',
      testConfig.customerCareUrl,
    );
  });

  it('shows nothing for a business customer in good standing or for private customers', () => {
    const { container, unmount } = renderBanner({ isB2B: true, status: 'Default' });
    expect(container).toBeEmptyDOMElement();
    unmount();
    expect(renderBanner({ isB2B: false, status: 'Blocked' }).container).toBeEmptyDOMElement();
  });
});
