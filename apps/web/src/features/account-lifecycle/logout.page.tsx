import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useT } from '../../shared/i18n/i18n.context';
import { Page } from '../../shared/ui/page';

/**
 * Signing out ends the server's session, so it is a full page navigation to the logout address.
 * When this page was itself the document the server answered for that address, the server has no
 * sign-out there: leaving again would loop, so the customer gets the link instead.
 */
export function LogoutPage() {
  const t = useT();
  const { config, leaveTo } = useAppEnvironment();
  const location = useLocation();
  const logoutUrl = config.auth.logoutUrl;
  const servedHere =
    location.key === 'default' && new URL(logoutUrl, window.location.href).pathname === location.pathname;

  useEffect(() => {
    if (!servedHere) leaveTo(logoutUrl);
  }, [servedHere, leaveTo, logoutUrl]);

  return (
    <Page title={t('menu.signOut')}>
      <div className="actions">
        <a className="button" href={logoutUrl}>
          {t('menu.signOut')}
        </a>
      </div>
    </Page>
  );
}
