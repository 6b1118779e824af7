import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useT } from '../../shared/i18n/i18n.context';
import { accountSections } from '../../shared/navigation/account-sections';
import { AppLink } from '../../shared/routing/app-link';
import { Page } from '../../shared/ui/page';
import './overview.css';

/** Spec 2.1: the overview greets the customer and leads to every section of the account. */
export function OverviewPage() {
  const t = useT();
  const customer = useCustomer();
  const { config, flags } = useAppEnvironment();
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  const sections = accountSections({ isB2B: customer.isB2B, flags, config }).filter(
    (section) => section.kind !== 'sign-out' && section.id !== 'overview',
  );
  return (
    <Page title={t('title.overview')}>
      <p className="overview__welcome">{t('overview.welcome', { name })}</p>
      <ul className="overview__sections">
        {sections.map((section) => (
          <li key={section.id}>
            {section.kind === 'route' ? (
              <AppLink to={section.to}>{t(section.titleId)}</AppLink>
            ) : (
              <a href={section.href}>{t(section.titleId)}</a>
            )}
          </li>
        ))}
      </ul>
    </Page>
  );
}
