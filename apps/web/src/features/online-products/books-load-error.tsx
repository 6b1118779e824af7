import { useI18n } from '../../shared/i18n/i18n.context';

/** The books could not be loaded: say so, and offer to try again. */
export function BooksLoadError({ retry }: { retry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="online-products__error">
      <p className="alert" role="alert">
        {t('onlineProducts.loadError')}
      </p>
      <button type="button" className="button button--secondary" onClick={retry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}
