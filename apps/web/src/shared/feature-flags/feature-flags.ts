import { featureFlagNames, type AppConfig, type FeatureFlagName } from '@photo/contracts/app-config';
import { parseBooleanParam } from '../routing/query-params';

export type FeatureFlags = Record<FeatureFlagName, boolean>;

export interface FeatureFlagSources {
  search: string;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  hostname: string;
  featureFlagHosts: AppConfig['featureFlagHosts'];
}

/**
 * docs/product/roles.md: a flag comes from the query (`?PhotoManagementTimelineViewEnabled=false`), else from local
 * storage under the same key, else it is on for the hosts listed in config. A query value wins and is
 * remembered, so a tester can switch a flag once and keep it while navigating.
 */
export function resolveFeatureFlags({
  search,
  storage,
  hostname,
  featureFlagHosts,
}: FeatureFlagSources): FeatureFlags {
  const query = new URLSearchParams(search);
  const entries = featureFlagNames.map((flag) => {
    const fromQuery = parseBooleanParam(query.get(flag));
    if (fromQuery !== undefined) {
      storage.setItem(flag, String(fromQuery));
      return [flag, fromQuery] as const;
    }
    const stored = parseBooleanParam(storage.getItem(flag));
    return [flag, stored ?? featureFlagHosts[flag].includes(hostname)] as const;
  });
  return Object.fromEntries(entries) as FeatureFlags;
}
