import { useT } from '../i18n/i18n.context';

/** A list that could not be loaded: what failed, announced, and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="load-error">
      <p className="alert" role="alert">
        {message}
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}
