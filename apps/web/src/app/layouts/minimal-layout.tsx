import { Outlet } from 'react-router';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { AppLink } from '../../shared/routing/app-link';
import { useAppQuery } from '../../shared/routing/use-app-query';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import './minimal-layout.css';

/**
 * Pages outside the main shell (docs/product/routes.md): confirmations, their outcomes and sign-out. Public pages
 * link the logo to the shop, since their visitor may have no account (any more).
 */
export function MinimalLayout({ home }: { home: 'shop' | 'account' }) {
  const { config } = useAppEnvironment();
  const { stripped } = useAppQuery();
  const vendor = config.channel.Vendor;
  return (
    <>
      {!stripped && (
        <>
          <SkipLink />
          <SiteHeader
            logo={
              home === 'shop' ? (
                <a className="site-header__logo" href={config.shopUrl}>
                  {vendor}
                </a>
              ) : (
                <AppLink className="site-header__logo" to="/">
                  {vendor}
                </AppLink>
              )
            }
          />
        </>
      )}
      <main id={MAIN_CONTENT_ID} className="minimal-layout" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

/** The full-screen photo previews: no site header (docs/product/routes.md), the photo gets the whole screen. */
export function FullScreenLayout() {
  return (
    <main id={MAIN_CONTENT_ID} className="full-screen-layout" tabIndex={-1}>
      <Outlet />
    </main>
  );
}
