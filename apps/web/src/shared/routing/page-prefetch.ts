import type { QueryClient } from '@tanstack/react-query';
import type { AppEnvironment } from '../environment/app-environment.context';

/**
 * What a page asks for on its first render, asked for as soon as the router knows the page and the
 * customer is signed in: exported as `prefetchPage` from a page module, run by the route's loader,
 * which does not wait for it. The page's own queries then find the calls under way. Started in the
 * first render's effects instead, they were part of the longest task of the photos page's start and
 * came back a round trip later (issue 23).
 */
export type PagePrefetch = (environment: AppEnvironment, queryClient: QueryClient, url: URL) => void;
