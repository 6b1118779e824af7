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
 * The spinner while a page's data loads and the retryable error when it fails, the same on every page;
 * `children` draws the data once it is there. A query's answer reaches React as an urgent update, which
 * React renders in one piece; deferred, the page's data is drawn in a background render that React
 * does in slices, letting the browser in between (issue 23: a whole orders list was one 140 ms task).
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
  const shown = useDeferredValue(query);
  if (shown.isPending) return <LoadingIndicator label={t('common.loading')} />;
  if (shown.isError) return <LoadError message={errorMessage} onRetry={() => void shown.refetch()} />;
  return children(shown.data);
}
