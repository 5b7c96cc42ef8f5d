import { type BaleTimeFilter, baleTimeFilterSchema } from '@baletrack/contracts/bales/bale-query';

// The top bar's Date Range or year selection (docs/product.md#screens-and-routes) lives in the
// address bar, so a reload or a shared link shows the same bales.
const keys = ['year', 'from', 'to'] as const;

/** The time filter in `params`; a value that does not parse is ignored rather than sent. */
export function readBaleTimeFilter(params: URLSearchParams): BaleTimeFilter {
  const filter: BaleTimeFilter = {};
  for (const key of keys) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const parsed = baleTimeFilterSchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) {
      Object.assign(filter, { [key]: parsed.data });
    }
  }
  return filter;
}

/** `params` with the time filter replaced by `filter`; other parameters are kept. */
export function writeBaleTimeFilter(
  params: URLSearchParams,
  filter: BaleTimeFilter,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of keys) {
    const value = filter[key];
    if (value === undefined) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}
