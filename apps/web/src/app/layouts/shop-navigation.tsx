import { useQuery } from '@tanstack/react-query';
import type { MenuConfig } from '@photo/contracts/app-config';
import { useAppEnvironment } from '../../shared/environment/app-environment.context';
import { useT } from '../../shared/i18n/i18n.context';
import { menuConfigQueries } from './menu-config.queries';

/** The shop's own navigation (docs/product/calls.md); a failed menu config falls back to a single link to the shop (docs/product/errors.md). */
export function ShopNavigation() {
  const t = useT();
  const { config, reportError } = useAppEnvironment();
  const menu = useQuery(menuConfigQueries.channel(config.menuConfigUrl, reportError));
  const fallback: MenuConfig['items'] = [{ label: t('header.shop'), url: config.shopUrl }];
  const items = menu.isError ? fallback : (menu.data?.items ?? []);
  return (
    <nav className="shop-navigation" aria-label={t('header.shopNavigation')}>
      <ul>
        {items.map((item) => (
          <li key={item.url}>
            <a href={item.url}>{item.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
