import { useSearchParams } from 'react-router';
import { newsletterApi } from '@photo/contracts/newsletter';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { SubmitFailure } from '../../shared/forms/submit-failure';
import { useSubmit } from '../../shared/forms/use-submit';
import { useT } from '../../shared/i18n/i18n.context';
import { Page } from '../../shared/ui/page';

/** Public, from the unsubscribe link every newsletter mail carries; unsubscribes on the button press. */
export function NewsletterUnsubscribePage() {
  const t = useT();
  const { request } = useAppEnvironment();
  const [search] = useSearchParams();
  const token = search.get('token');
  const email = search.get('email');
  const unsubscribe = useSubmit({
    mutationFn: async () => {
      if (!token || !email) throw new Error('The unsubscribe link lacks its address or token');
      return request(
        newsletterApi.unsubscribeByLink,
        { params: { email, token } },
        { expectedStatuses: [404] },
      );
    },
    failureMessage: 'newsletterUnsubscribe.failed',
  });

  return (
    <Page title={t('newsletterUnsubscribe.title')}>
      {unsubscribe.isSuccess ? (
        <p role="status">{t('newsletterUnsubscribe.done')}</p>
      ) : (
        <>
          <p>{t('newsletterUnsubscribe.intro')}</p>
          <SubmitFailure message={unsubscribe.failure} />
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={unsubscribe.isPending}
              onClick={() => unsubscribe.mutate()}
            >
              {t('newsletterUnsubscribe.confirm')}
            </button>
          </div>
        </>
      )}
    </Page>
  );
}
