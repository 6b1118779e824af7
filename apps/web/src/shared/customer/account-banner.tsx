import type { Customer } from '@photo/contracts/customers';
import { useAppEnvironment } from '../environment/app-environment.context';
import { useT } from '../i18n/i18n.context';
import { AppLink } from '../routing/app-link';
import { hasSubmittedAccountDetails } from './account-details-submitted';
import './account-banner.css';

export type AccountBannerKind = 'missing-details' | 'pending-validation' | 'blocked';

/** docs/product/settings.md: which banner a customer's account status calls for (decision 021). */
export function accountBannerFor(
  customer: Pick<Customer, 'isB2B' | 'status'>,
  detailsSubmitted: boolean,
): AccountBannerKind | undefined {
  if (!customer.isB2B) return undefined;
  switch (customer.status) {
    case 'New':
      return detailsSubmitted ? 'pending-validation' : 'missing-details';
    case 'Blocked':
      return 'blocked';
    case 'Default':
      return undefined;
  }
}

export function AccountBanner({ customer }: { customer: Pick<Customer, 'isB2B' | 'status'> }) {
  const t = useT();
  const { config } = useAppEnvironment();
  const kind = accountBannerFor(customer, hasSubmittedAccountDetails(sessionStorage));
  switch (kind) {
    case 'missing-details':
      return (
        <div className="account-banner" role="status">
          <p>{t('banner.missingDetails')}</p>
          <AppLink to="/settings/b2b">{t('banner.missingDetailsAction')}</AppLink>
        </div>
      );
    case 'pending-validation':
      return (
        <div className="account-banner" role="status">
          <p>{t('banner.pendingValidation')}</p>
        </div>
      );
    case 'blocked':
      // A blocked account cannot order: announced at once, not only when the reader reaches it.
      return (
        <div className="account-banner account-banner--warning" role="alert">
          <p>{t('banner.blocked')}</p>
          <a href={config.customerCareUrl}>{t('common.contactCustomerCare')}</a>
        </div>
      );
    case undefined:
      return null;
  }
}
