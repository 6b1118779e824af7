import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { parseAppQuery, type AppQuery } from './query-params';

export function useAppQuery(): AppQuery {
  const { search } = useLocation();
  return useMemo(() => parseAppQuery(search), [search]);
}
