// The report and the map read the same address parameters (the top bar's dates or year, the
// applied filter), so moving between them keeps the selection.
const SELECTION_PARAMS = ['year', 'from', 'to', 'filter'] as const;

/**
 * The selection part of a page's search parameters, for a link to the report or back to the map;
 * anything else (an open bale, a stack) stays behind.
 * @example selectionSearch(new URLSearchParams('year=2025&bale=B1')) // 'year=2025'
 */
export function selectionSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of SELECTION_PARAMS) {
    const value = params.get(key);
    if (value !== null) kept.set(key, value);
  }
  return kept.toString();
}
