import { useId, useState, type FormEvent } from 'react';
import { parseCookieConsent, writeCookieConsent } from '../../shared/cookie-consent/cookie-consent';
import { useI18n } from '../../shared/i18n/i18n.context';
import { useToasts } from '../../shared/ui/toasts';
import type { SettingsSectionId } from './settings-sections';

/** docs/product/entities.md: the cookie consent of this storefront (analytics, marketing; both off by default), to review and change. */
export function CookieSettings() {
  const { t } = useI18n();
  const toasts = useToasts();
  const headingId = useId();
  const [consent, setConsent] = useState(() => parseCookieConsent(document.cookie));

  const save = (event: FormEvent) => {
    event.preventDefault();
    writeCookieConsent(consent, document, location.protocol === 'https:');
    toasts.show({ message: t('settings.cookies.saved'), tone: 'success' });
  };

  return (
    <section
      id={'cookie-settings' satisfies SettingsSectionId}
      className="settings__section"
      aria-labelledby={headingId}
    >
      <h2 className="settings__heading" id={headingId}>
        {t('settings.cookies.heading')}
      </h2>
      <p>{t('settings.cookies.intro')}</p>
      <form onSubmit={save} className="settings__form">
        <label className="settings__check">
          <input
            type="checkbox"
            checked={consent.analytics}
            onChange={(event) => setConsent({ ...consent, analytics: event.target.checked })}
          />
          {t('settings.cookies.analytics')}
        </label>
        <label className="settings__check">
          <input
            type="checkbox"
            checked={consent.marketing}
            onChange={(event) => setConsent({ ...consent, marketing: event.target.checked })}
          />
          {t('settings.cookies.marketing')}
        </label>
        <div className="actions">
          <button type="submit" className="button button--secondary">
            {t('settings.cookies.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
