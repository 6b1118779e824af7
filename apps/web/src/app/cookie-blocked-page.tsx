import { useT } from '../shared/i18n/i18n.context';
import { MessagePage } from '../shared/ui/message-page';

export function CookieBlockedPage() {
  const t = useT();
  return (
    <MessagePage
      title={t('cookiesBlocked.title')}
      message={t('cookiesBlocked.message')}
      actions={
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('common.tryAgain')}
        </button>
      }
    />
  );
}
