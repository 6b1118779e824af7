import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { usePhoneFormat } from '../../shared/address-form/address-lines';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import { QueryStates } from '../../shared/ui/query-states';
import { Page } from '../../shared/ui/page';
import { AddressList } from './address-list';
import { CookieSettings } from './cookie-settings';
import { DataExportSection } from './data-export-section';
import { DeleteAccountSection } from './delete-account-section';
import { NewsletterSection } from './newsletter-section';
import { settingsPaths } from './settings-paths';
import { settingsSections, type SettingsSectionId } from './settings-sections';
import { settingsQueries } from './settings.queries';
import './settings.css';

function Section({ id, title, children }: { id: SettingsSectionId; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section id={id} className="settings__section" aria-labelledby={headingId}>
      <h2 className="settings__heading" id={headingId}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One tap to each part of the page (issue 23: on a phone the settings are one long scroll). */
function OnThisPage() {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <nav className="settings__on-this-page" aria-labelledby={headingId}>
      <h2 className="settings__on-this-page-heading" id={headingId}>
        {t('settings.onThisPage')}
      </h2>
      <ul>
        {settingsSections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{t(section.heading)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * '/settings' and '/settings/b2b' (issue 12): personal details, e-mail, addresses, cookie settings,
 * each with the way to change it.
 */
export function SettingsPage() {
  const { t, formatDate } = useI18n();
  const formatPhone = usePhoneFormat();
  const { request } = useAppEnvironment();
  const customer = useCustomer();
  const paths = settingsPaths(customer);
  const addresses = useQuery(settingsQueries.addresses(request));
  const notGiven = t('settings.notGiven');
  const fullName = `${customer.firstName} ${customer.lastName}`.trim();
  const shownAddresses = customer.isB2B
    ? addresses.data
    : addresses.data?.filter((address) => address.isDefaultDelivery || address.isDefaultBilling);

  return (
    <Page title={t('title.settings')}>
      <OnThisPage />

      <Section id="personal-details" title={t('settings.details.heading')}>
        <dl className="settings__facts">
          <div>
            <dt>{t('settings.details.name')}</dt>
            <dd>{fullName || notGiven}</dd>
          </div>
          <div>
            <dt>{t('address.phone')}</dt>
            <dd>{customer.phone ? formatPhone(customer.phone) : notGiven}</dd>
          </div>
          <div>
            <dt>{t('details.dateOfBirth')}</dt>
            <dd>
              {customer.dateOfBirth
                ? formatDate(`${customer.dateOfBirth}T12:00:00`, { dateStyle: 'long' })
                : notGiven}
            </dd>
          </div>
          {customer.isB2B && (
            <>
              <div>
                <dt>{t('details.companyName')}</dt>
                <dd>{customer.companyName ?? notGiven}</dd>
              </div>
              <div>
                <dt>{t('details.vatId')}</dt>
                <dd>{customer.vatId ?? notGiven}</dd>
              </div>
              <div>
                <dt>{t('details.chamberOfCommerceNumber')}</dt>
                <dd>{customer.chamberOfCommerceNumber ?? notGiven}</dd>
              </div>
            </>
          )}
        </dl>
        <AppLink className="button button--secondary" to={paths.personalDetails}>
          {t('title.personalDetails')}
        </AppLink>
      </Section>

      <Section id="email-address" title={t('settings.email.heading')}>
        <p className="settings__value">{customer.email}</p>
        <AppLink className="button button--secondary" to={paths.email}>
          {t('title.email')}
        </AppLink>
      </Section>

      <Section id="payment-method" title={t('settings.paymentMethod.heading')}>
        <AppLink className="button button--secondary" to={paths.paymentMethod}>
          {t('title.paymentMethod')}
        </AppLink>
      </Section>

      <Section id="addresses" title={t('settings.addresses.heading')}>
        <QueryStates query={addresses} errorMessage={t('settings.loadError')}>
          {() => <AddressList addresses={shownAddresses ?? []} />}
        </QueryStates>
        <div className="actions">
          <AppLink className="button button--secondary" to={paths.newAddress}>
            {t('settings.addresses.add')}
          </AppLink>
          {!customer.isB2B && (
            <AppLink className="button button--secondary" to={paths.allAddresses}>
              {t('settings.addresses.all')}
            </AppLink>
          )}
        </div>
      </Section>

      <NewsletterSection />
      <CookieSettings />
      <DataExportSection />
      <DeleteAccountSection />
    </Page>
  );
}
