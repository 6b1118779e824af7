import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import type { AppEnvironment } from '../shared/environment/app-environment.context';
import type { PagePrefetch } from '../shared/routing/page-prefetch';
import { CarryNavigate } from '../shared/routing/app-link';
import type { AccessRule } from '../shared/routing/access-rule';
import { RouteGuard } from '../shared/routing/route-guard';
import { LoadingScreen } from './loading-screen';
import { MainShell } from './layouts/main-shell';
import { prefetchShopNavigation } from './layouts/shop-navigation';
import { FullScreenLayout, MinimalLayout } from './layouts/minimal-layout';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';
import { routePages } from './route-pages';
import { appRoutes, type AppRoute, type AppRouteId, type RouteArea } from './route-table';
import { signedInLoader } from './signed-in.loader';

type LazyPage = () => Promise<Pick<RouteObject, 'loader'> & { Component: ComponentType }>;

interface SignedIn {
  environment: AppEnvironment;
  queryClient: QueryClient;
  /** Resolves once the customer is known to be signed in (`signed-in.loader.ts`). */
  session: () => Promise<unknown>;
}

// Every page module, each its own chunk; the route table's `routePages` says which one a route renders.
const pageModules = import.meta.glob<Record<string, unknown>>('../features/**/*.page.tsx');

/**
 * The route's component, from its page's chunk, fetched the first time the route matches; and where
 * the page exports a `prefetchPage`, a loader that starts it once the customer is known, without
 * holding the page for it.
 */
function lazyPage(id: AppRouteId, signedIn?: SignedIn): LazyPage {
  const { module, component } = routePages[id];
  const load = pageModules[`../features/${module}.tsx`];
  if (!load) throw new Error(`route ${id}: no page module features/${module}.tsx`);
  return async () => {
    const loaded = await load();
    const Component = loaded[component] as ComponentType;
    const prefetch = loaded.prefetchPage as PagePrefetch | undefined;
    if (!prefetch || !signedIn) return { Component };
    const { environment, queryClient, session } = signedIn;
    return {
      Component,
      loader: ({ request }) => {
        session()
          .then(() => prefetch(environment, queryClient, new URL(request.url)))
          .catch(() => undefined);
        return null;
      },
    };
  };
}

/** The table's routes of one area, each behind the guard of its access rule (docs/product/routes.md). */
function routesOf(area: RouteArea, signedIn?: SignedIn): RouteObject[] {
  const guarded = new Map<string, { rule: AccessRule; children: RouteObject[] }>();
  const open: RouteObject[] = [];
  for (const route of appRoutes as readonly AppRoute[]) {
    if (route.area !== area) continue;
    const object: RouteObject =
      route.path === ''
        ? { index: true, lazy: lazyPage(route.id as AppRouteId, signedIn) }
        : { path: route.path, lazy: lazyPage(route.id as AppRouteId, signedIn) };
    if (!route.access) {
      open.push(object);
      continue;
    }
    const key = JSON.stringify(route.access);
    const group = guarded.get(key) ?? { rule: route.access, children: [] };
    group.children.push(object);
    guarded.set(key, group);
  }
  return [
    ...open,
    ...[...guarded.values()].map(({ rule, children }) => ({ element: <RouteGuard rule={rule} />, children })),
  ];
}

/** The router of docs/product/routes.md: the layouts around the route table's areas, and two redirects. */
export function createRoutes(
  environment: AppEnvironment,
  queryClient: QueryClient,
  startedSession?: Promise<unknown>,
): RouteObject[] {
  const session = signedInLoader(environment, queryClient, startedSession);
  const signedIn = { environment, queryClient, session: session.signedIn };
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <LoadingScreen />,
      children: [
        // Public: reached from e-mails and after deleting the account, so no sign-in.
        { element: <MinimalLayout home="shop" />, children: routesOf('public') },
        {
          id: 'signed-in',
          loader: session.loader,
          children: [
            {
              element: <MinimalLayout home="account" />,
              children: routesOf('signed-in-minimal', signedIn),
            },
            { element: <FullScreenLayout />, children: routesOf('full-screen', signedIn) },
            {
              element: <MainShell />,
              loader: ({ request }) => {
                prefetchShopNavigation(environment, queryClient, new URL(request.url));
                return null;
              },
              children: [
                ...routesOf('main', signedIn),
                { path: 'my-photos', element: <CarryNavigate to="/my-photos/photos" /> },
                // An address the account area does not have leads to the overview, like a closed route.
                { path: '*', element: <CarryNavigate to="/" /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(
  environment: AppEnvironment,
  queryClient: QueryClient,
  startedSession?: Promise<unknown>,
) {
  return createBrowserRouter(createRoutes(environment, queryClient, startedSession));
}

/**
 * Starts downloading the page of `pathname` (its chunk and the chunks it imports) while config and
 * messages load, so the lazy route adds no round trip after them (decision 148). The router's own
 * `lazy` call later gets the same module from the browser's module map.
 */
export function preloadPage(pathname: string): void {
  const matches = matchRoutes(
    (appRoutes as readonly AppRoute[]).map((route) => ({ path: route.path || '/', id: route.id })),
    pathname,
  );
  const id = matches?.at(-1)?.route.id as AppRouteId | undefined;
  if (id) void lazyPage(id)().catch(() => undefined);
}
