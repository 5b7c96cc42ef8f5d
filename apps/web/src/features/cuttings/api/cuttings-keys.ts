/** Query keys of the cuttings feature. */
export const cuttingsKeys = {
  all: ['cuttings'] as const,
  year: (year: number) => [...cuttingsKeys.all, 'year', year] as const,
};

/**
 * What a cutting change makes stale besides the cuttings: which bales are in which cutting
 * (and crop) is derived on every read, so the map, bale details and summaries ask again.
 */
export const cuttingChangeKeys = [cuttingsKeys.all, ['map'], ['bales'], ['summaries']] as const;
