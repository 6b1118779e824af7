import { useId } from 'react';
import { dataExportApi } from '@photo/contracts/data-export';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { AppLink } from '../../shared/routing/app-link';
import type { SettingsSectionId } from './settings-sections';

/**
 * 'Download my data' (issue 12): a zip of the account built in the background; it appears on the
 * downloads page, which the push channel keeps current, and downloads from there like photo archives.
 */
export function DataExportSection() {
  const { t, locale } = useI18n();
  const { request } = useAppEnvironment();
  const headingId = useId();
  const ask = useSubmit({
    mutationFn: () =>
      request(dataExportApi.create, {
        body: { id: crypto.randomUUID(), locale, name: t('settings.data.archiveName') },
      }),
    failureMessage: 'error.generic',
  });

  return (
    <section
      id={'your-data' satisfies SettingsSectionId}
      className="settings__section"
      aria-labelledby={headingId}
    >
      <h2 className="settings__heading" id={headingId}>
        {t('settings.data.heading')}
      </h2>
      <p>{t('settings.data.intro')}</p>
      {ask.isSuccess ? (
        <p role="status">
          {t('settings.data.asked')} <AppLink to="/downloads">{t('title.downloads')}</AppLink>
        </p>
      ) : (
        <div className="actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={ask.isPending}
            onClick={() => ask.mutate()}
          >
            {t('settings.data.download')}
          </button>
        </div>
      )}
      <SubmitFailure message={ask.failure} />
    </section>
  );
}
