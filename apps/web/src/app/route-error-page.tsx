import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { isApiError } from '../shared/api/api-error';
import { useAppEnvironment } from '../shared/environment/app-environment.context';
import { useT } from '../shared/i18n/i18n.context';
import { MessagePage } from '../shared/ui/message-page';

/** The last resort for a page that failed to load or render: docs/product/errors.md's generic message. */
export function RouteErrorPage() {
  const t = useT();
  const error = useRouteError();
  const { reportError } = useAppEnvironment();

  useEffect(() => {
    // A failed call has already been reported by the client, with its correlation id.
    if (isApiError(error)) return;
    reportError({
      action: 'PAGE_FAILED',
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      url: window.location.pathname,
    });
  }, [error, reportError]);

  return (
    <MessagePage
      title={t('error.title')}
      message={t('error.generic')}
      actions={
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('common.tryAgain')}
        </button>
      }
    />
  );
}
