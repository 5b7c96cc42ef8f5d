import type { MapViewQuery } from '@baletrack/contracts/map/map';

/** Query keys of the map feature: what the map draws, where the bales are, the years it can show. */
export const mapKeys = {
  all: ['map'] as const,
  allClusters: () => [...mapKeys.all, 'clusters'] as const,
  clusters: (view: MapViewQuery) => [...mapKeys.allClusters(), view] as const,
  extent: (filter: object) => [...mapKeys.all, 'extent', filter] as const,
  availableYears: () => [...mapKeys.all, 'available-years'] as const,
};
