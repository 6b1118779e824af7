import { useLocation } from 'react-router';
import type { Customer } from '@photo/contracts/customers';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useT } from '../../shared/i18n/i18n.context';
import { accountSections, isSectionActive } from '../../shared/navigation/account-sections';
import { AppLink } from '../../shared/routing/app-link';
import './side-menu.css';

export function SideMenu({ customer }: { customer: Pick<Customer, 'isB2B'> }) {
  const t = useT();
  const { config, flags } = useAppEnvironment();
  const { pathname } = useLocation();
  const sections = accountSections({ isB2B: customer.isB2B, flags, config });
  return (
    <nav className="side-menu" aria-label={t('menu.label')}>
      <ul>
        {sections.map((section) => (
          <li key={section.id} className={section.kind === 'sign-out' ? 'side-menu__sign-out' : undefined}>
            {section.kind === 'route' ? (
              <AppLink
                to={section.to}
                aria-current={isSectionActive(section.activeWithin, pathname) ? 'page' : undefined}
              >
                {t(section.titleId)}
              </AppLink>
            ) : (
              // FAQs live on the shop's site and signing out ends the server session: both leave the app.
              <a href={section.href}>{t(section.titleId)}</a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
