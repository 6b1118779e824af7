import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { newsletterApi } from '@photo/contracts/newsletter';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useT } from '../../shared/i18n/i18n.context';
import { Page } from '../../shared/ui/page';

/** Public, from the unsubscribe link every newsletter mail carries; unsubscribes on the button press. */
export function NewsletterUnsubscribePage() {
  const t = useT();
  const { request } = useAppEnvironment();
  const [search] = useSearchParams();
  const token = search.get('token');
  const email = search.get('email');
  const [state, setState] = useState<'asking' | 'busy' | 'done' | 'failed'>('asking');

  const unsubscribe = async () => {
    if (!token || !email) return setState('failed');
    setState('busy');
    try {
      await request(
        newsletterApi.unsubscribeByLink,
        { params: { email, token } },
        { expectedStatuses: [404] },
      );
      setState('done');
    } catch {
      setState('failed');
    }
  };

  return (
    <Page title={t('newsletterUnsubscribe.title')}>
      {state === 'done' ? (
        <p role="status">{t('newsletterUnsubscribe.done')}</p>
      ) : (
        <>
          <p>{t('newsletterUnsubscribe.intro')}</p>
          {state === 'failed' && (
            <p className="alert" role="alert">
              {t('newsletterUnsubscribe.failed')}
            </p>
          )}
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={state === 'busy'}
              onClick={() => void unsubscribe()}
            >
              {t('newsletterUnsubscribe.confirm')}
            </button>
          </div>
        </>
      )}
    </Page>
  );
}
