/** Query keys of the fields feature. */
export const fieldsKeys = {
  all: ['fields'] as const,
  list: () => [...fieldsKeys.all, 'list'] as const,
  convertFormats: (direction: 'import' | 'export') =>
    [...fieldsKeys.all, 'convert-formats', direction] as const,
};

/**
 * What a field change makes stale besides the fields: bales' fields are re-derived on the
 * server, so the map, bale details and summaries grouped by field ask again;
 * a deleted field leaves its cuttings.
 */
export const fieldChangeKeys = [
  fieldsKeys.all,
  ['cuttings'],
  ['map'],
  ['bales'],
  ['summaries'],
] as const;
