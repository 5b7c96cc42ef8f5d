import type { HeatmapQuery } from '@baletrack/contracts/heatmaps/heatmap';

/** Query keys of the heatmaps feature: one per call, field, measure, dates and filter. */
export const heatmapsKeys = {
  all: ['heatmaps'] as const,
  overlay: (query: HeatmapQuery) => [...heatmapsKeys.all, 'overlay', query] as const,
  icon: (query: HeatmapQuery) => [...heatmapsKeys.all, 'icon', query] as const,
  bales: (query: HeatmapQuery) => [...heatmapsKeys.all, 'bales', query] as const,
  input: (query: HeatmapQuery) => [...heatmapsKeys.all, 'input', query] as const,
};

/** The query string of every heatmap call. */
export function heatmapSearch({ fieldId, measure, year, from, to, filterId }: HeatmapQuery) {
  return { fieldId, measure, year, from, to, filterId };
}

/**
 * Keeps the last answer on screen while the next loads (another measure, other dates), but
 * never one of another field: it would be drawn over the wrong place.
 */
export function keepSameField(query: HeatmapQuery | undefined) {
  return <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) => {
    const before = previousQuery?.queryKey[2] as HeatmapQuery | undefined;
    return before?.fieldId === query?.fieldId ? previous : undefined;
  };
}
