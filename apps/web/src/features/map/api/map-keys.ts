import type { MapViewQuery } from '@baletrack/contracts/map/map';

/** Query keys of the map feature: what the map draws and the years it can show. */
export const mapKeys = {
  all: ['map'] as const,
  clusters: (view: MapViewQuery) => [...mapKeys.all, 'clusters', view] as const,
  availableYears: () => [...mapKeys.all, 'available-years'] as const,
};
