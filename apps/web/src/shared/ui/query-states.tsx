import { useDeferredValue, type ReactNode } from 'react';
import { useT } from '../i18n/i18n.context';
import { LoadError } from './load-error';
import { LoadingIndicator } from './loading-indicator';

/** What `QueryStates` reads of a TanStack query: single and infinite queries both fit. */
type LoadableQuery<TData> =
  | { isPending: true; isError: false; data: undefined; refetch: () => unknown }
  | { isPending: false; isError: true; data: TData | undefined; refetch: () => unknown }
  | { isPending: false; isError: false; data: TData; refetch: () => unknown };

/**
 * The query as it was drawn last, until React has drawn its news in a background render. A query's
 * answer reaches React as an urgent update, which React renders in one piece; deferred, the data is
 * drawn in a render React does in slices, letting the browser in between (issue 23: a whole orders list
 * was one 140 ms task). Field by field: a query object is new on every render, and deferring it whole
 * would draw every render twice.
 */
export function useDeferredQuery<Query extends { isPending: boolean; isError: boolean; data: unknown }>(
  query: Query,
): Query {
  const isPending = useDeferredValue(query.isPending);
  const isError = useDeferredValue(query.isError);
  const data = useDeferredValue(query.data);
  return { ...query, isPending, isError, data };
}

/**
 * The spinner while a page's data loads and the retryable error when it fails, the same on every page;
 * `children` draws the data once it is there, in a background render (`useDeferredQuery`).
 */
export function QueryStates<TData>({
  query,
  errorMessage,
  children,
}: {
  query: LoadableQuery<TData>;
  errorMessage: string;
  children: (data: TData) => ReactNode;
}) {
  const t = useT();
  const shown = useDeferredQuery(query);
  if (shown.isPending) return <LoadingIndicator label={t('common.loading')} />;
  if (shown.isError) return <LoadError message={errorMessage} onRetry={() => void shown.refetch()} />;
  return children(shown.data);
}
