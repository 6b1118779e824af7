import { Outlet, useLocation, useNavigation } from 'react-router';
import { AccountBanner } from '../../shared/customer/account-banner';
import { useCustomer } from '../../shared/customer/use-customer';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { AppLink } from '../../shared/routing/app-link';
import { useAppQuery } from '../../shared/routing/use-app-query';
import { ShopNavigation } from './shop-navigation';
import { SideMenu } from './side-menu';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import './main-shell.css';

/** docs/product/routes.md's main shell: header, side menu and the signed-in content pages. */
export function MainShell() {
  const customer = useCustomer();
  const { config } = useAppEnvironment();
  const { stripped, hideHeaderNav } = useAppQuery();
  const { pathname } = useLocation();
  const loading = useNavigation().state === 'loading';
  const classes = ['shell', stripped && 'shell--stripped', pathname === '/' && 'shell--home'];
  return (
    <>
      {!stripped && (
        <>
          <SkipLink />
          <SiteHeader
            logo={
              <AppLink className="site-header__logo" to="/">
                {config.channel.Vendor}
              </AppLink>
            }
            navigation={hideHeaderNav ? undefined : <ShopNavigation />}
          />
        </>
      )}
      <div className={classes.filter(Boolean).join(' ')}>
        {!stripped && (
          <div className="shell__menu">
            <SideMenu customer={customer} />
          </div>
        )}
        <main id={MAIN_CONTENT_ID} className="shell__main" tabIndex={-1} aria-busy={loading}>
          <AccountBanner customer={customer} />
          <Outlet />
        </main>
      </div>
    </>
  );
}
