import { useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.context';

/** The collapsible 'Welcome to a new way to manage your photos' banner (docs/product/photos.md). */
export function WelcomeBanner() {
  const { t } = useI18n();
  const [expanded, setExpanded] = useState(false);
  return (
    <section className="welcome-banner" aria-labelledby="welcome-banner-title">
      <h2 id="welcome-banner-title" className="welcome-banner__title">
        {t('photos.welcome.title')}
      </h2>
      {expanded && <p id="welcome-banner-text">{t('photos.welcome.text')}</p>}
      <button
        type="button"
        className="welcome-banner__toggle"
        aria-expanded={expanded}
        aria-controls="welcome-banner-text"
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? t('photos.welcome.showLess') : t('photos.welcome.showMore')}
      </button>
    </section>
  );
}
