import { useState } from 'react';
import { useI18n } from '../../shared/i18n/i18n.context';

/** Where the browser remembers that the customer closed the banner (issue 23: it stays closed). */
export const WELCOME_DISMISSED_KEY = 'photo-shop.photos-welcome-dismissed';

const dismissedBefore = () => {
  try {
    return localStorage.getItem(WELCOME_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * The collapsible 'Welcome to a new way to manage your photos' banner (docs/product/photos.md). It can be
 * closed for good (issue 23): on a phone it stood between the customer and their first row of photos.
 */
export function WelcomeBanner() {
  const { t } = useI18n();
  const [expanded, setExpanded] = useState(false);
  const [dismissed, setDismissed] = useState(dismissedBefore);
  if (dismissed) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(WELCOME_DISMISSED_KEY, '1');
    } catch {
      // Storage blocked: the banner is closed for this visit only, which is all the browser allows.
    }
    setDismissed(true);
  };
  return (
    <section className="welcome-banner" aria-labelledby="welcome-banner-title">
      <h2 id="welcome-banner-title" className="welcome-banner__title">
        {t('photos.welcome.title')}
      </h2>
      <button
        type="button"
        className="welcome-banner__dismiss"
        aria-label={t('photos.welcome.dismiss')}
        onClick={dismiss}
      >
        <span aria-hidden="true">×</span>
      </button>
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
