import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { MenuConfig } from '@photo/contracts/app-config';
import { useAppEnvironment, type AppEnvironment } from '../../shared/environment/app-environment.context';
import { parseAppQuery } from '../../shared/routing/query-params';
import { useT } from '../../shared/i18n/i18n.context';
import { useDisclosure } from '../../shared/ui/use-disclosure';
import { menuConfigQueries } from './menu-config.queries';

/**
 * Asks for the shop's menu as the router starts, where the header will show it: asked for in the shell's
 * first render, it was one more call started inside the page's longest task (issue 23).
 */
export function prefetchShopNavigation(
  { config, reportError }: AppEnvironment,
  queryClient: QueryClient,
  url: URL,
): void {
  const { stripped, hideHeaderNav } = parseAppQuery(url.search);
  if (stripped || hideHeaderNav) return;
  void queryClient.prefetchQuery(menuConfigQueries.channel(config.menuConfigUrl, reportError));
}

/**
 * The shop's own navigation (docs/product/calls.md); a failed menu config falls back to a single link to
 * the shop (docs/product/errors.md). On a phone the links sit behind one 'Shop' button (issue 23,
 * decision 146): written out they took two rows of a 390 px screen in Dutch, before any content.
 */
export function ShopNavigation() {
  const t = useT();
  const { config, reportError } = useAppEnvironment();
  const menu = useQuery(menuConfigQueries.channel(config.menuConfigUrl, reportError));
  const { expanded, buttonProps, panelProps } = useDisclosure();
  const fallback: MenuConfig['items'] = [{ label: t('header.shop'), url: config.shopUrl }];
  const items = menu.isError ? fallback : (menu.data?.items ?? []);
  return (
    <nav
      className={`shop-navigation${expanded ? ' shop-navigation--open' : ''}`}
      aria-label={t('header.shopNavigation')}
    >
      <button {...buttonProps} className="shop-navigation__toggle">
        {t('header.shopNavigation')}
        <span className="shop-navigation__chevron" aria-hidden="true" />
      </button>
      <ul {...panelProps}>
        {items.map((item) => (
          <li key={item.url}>
            <a href={item.url}>{item.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
