import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { NEWSLETTER_CONSENT_VERSION, newsletterApi } from '@photo/contracts/newsletter';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useI18n } from '../../shared/i18n/i18n.context';
import { QueryStates } from '../../shared/ui/query-states';
import type { SettingsSectionId } from './settings-sections';

const newsletterKey = ['customers', 'me', 'newsletter'] as const;

/** The newsletter (issue 12): double opt-in by a mailed link; unsubscribing takes one press. */
export function NewsletterSection() {
  const { t, locale } = useI18n();
  const { request } = useAppEnvironment();
  const queryClient = useQueryClient();
  const headingId = useId();
  const subscription = useQuery({
    queryKey: newsletterKey,
    queryFn: ({ signal }) => request(newsletterApi.mine, {}, { signal }),
  });
  const change = useSubmit({
    mutationFn: (subscribe: boolean) =>
      subscribe
        ? request(newsletterApi.subscribe, {
            body: { consentTextVersion: NEWSLETTER_CONSENT_VERSION, locale },
          })
        : request(newsletterApi.unsubscribe, {}),
    onSuccess: (status) => queryClient.setQueryData(newsletterKey, status),
    failureMessage: 'error.generic',
  });

  return (
    <section
      id={'newsletter' satisfies SettingsSectionId}
      className="settings__section"
      aria-labelledby={headingId}
    >
      <h2 className="settings__heading" id={headingId}>
        {t('settings.newsletter.heading')}
      </h2>
      <QueryStates query={subscription} errorMessage={t('settings.loadError')}>
        {(newsletter) =>
          newsletter.status === 'subscribed' ? (
            <>
              <p>{t('settings.newsletter.subscribed')}</p>
              <div className="actions">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={change.isPending}
                  onClick={() => change.mutate(false)}
                >
                  {t('settings.newsletter.unsubscribe')}
                </button>
              </div>
            </>
          ) : (
            <>
              {newsletter.status === 'pending' && <p role="status">{t('settings.newsletter.pending')}</p>}
              <p>{t('settings.newsletter.consent')}</p>
              <div className="actions">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={change.isPending}
                  onClick={() => change.mutate(true)}
                >
                  {newsletter.status === 'pending'
                    ? t('settings.newsletter.resend')
                    : t('settings.newsletter.subscribe')}
                </button>
              </div>
            </>
          )
        }
      </QueryStates>
      <SubmitFailure message={change.failure} />
    </section>
  );
}
