import { describe, expect, it } from 'vitest';
import { featureFlagNames, type AppConfig } from '@photo/contracts/app-config';
import { resolveFeatureFlags } from './feature-flags';

type FlagHosts = AppConfig['featureFlagHosts'];

function flagHosts(hostnames: string[]): FlagHosts {
  return Object.fromEntries(featureFlagNames.map((flag) => [flag, hostnames])) as FlagHosts;
}

const hosts = flagHosts(['nl.localhost']);
const offEverywhere = flagHosts([]);

function memoryStorage(entries: Record<string, string> = {}) {
  const values = new Map(Object.entries(entries));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('resolveFeatureFlags', () => {
  it('turns a flag on for the hosts listed in config, and off elsewhere', () => {
    const onHost = resolveFeatureFlags({
      search: '',
      storage: memoryStorage(),
      hostname: 'nl.localhost',
      featureFlagHosts: hosts,
    });
    const elsewhere = resolveFeatureFlags({
      search: '',
      storage: memoryStorage(),
      hostname: 'de.localhost',
      featureFlagHosts: hosts,
    });
    expect(Object.values(onHost).every(Boolean)).toBe(true);
    expect(Object.values(elsewhere).some(Boolean)).toBe(false);
  });

  it('prefers local storage over the host list', () => {
    const flags = resolveFeatureFlags({
      search: '',
      storage: memoryStorage({
        PhotoManagementAlbumViewEnabled: 'false',
        PhotoManagementUploadViewEnabled: 'true',
      }),
      hostname: 'nl.localhost',
      featureFlagHosts: { ...hosts, PhotoManagementUploadViewEnabled: [] },
    });
    expect(flags.PhotoManagementAlbumViewEnabled).toBe(false);
    expect(flags.PhotoManagementUploadViewEnabled).toBe(true);
    expect(flags.PhotoManagementTimelineViewEnabled).toBe(true);
  });

  it('lets the query win over storage and the host list, and remembers it', () => {
    const storage = memoryStorage({ PhotoManagementTimelineViewEnabled: 'true' });
    const flags = resolveFeatureFlags({
      search: '?PhotoManagementTimelineViewEnabled=false&PhotoManagementReactivationEnabled=true',
      storage,
      hostname: 'de.localhost',
      featureFlagHosts: offEverywhere,
    });
    expect(flags.PhotoManagementTimelineViewEnabled).toBe(false);
    expect(flags.PhotoManagementReactivationEnabled).toBe(true);
    expect(storage.values.get('PhotoManagementTimelineViewEnabled')).toBe('false');
    expect(storage.values.get('PhotoManagementReactivationEnabled')).toBe('true');

    const nextVisit = resolveFeatureFlags({
      search: '',
      storage,
      hostname: 'de.localhost',
      featureFlagHosts: offEverywhere,
    });
    expect(nextVisit.PhotoManagementReactivationEnabled).toBe(true);
  });

  it('ignores values that are not exactly true or false', () => {
    const storage = memoryStorage({ PhotoManagementAlbumViewEnabled: 'yes' });
    const flags = resolveFeatureFlags({
      search: '?PhotoManagementTimelineViewEnabled=0',
      storage,
      hostname: 'nl.localhost',
      featureFlagHosts: hosts,
    });
    expect(flags.PhotoManagementTimelineViewEnabled).toBe(true);
    expect(flags.PhotoManagementAlbumViewEnabled).toBe(true);
    expect(storage.values.has('PhotoManagementTimelineViewEnabled')).toBe(false);
  });
});
