import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';
import { useCallback, useMemo } from 'react';
import { useAddressParams } from '@/hooks/use-address-params';
import { readBaleTimeFilter, writeBaleTimeFilter } from '@/lib/bale-time-filter';

/** The selected year or date range that narrows every bale the screens ask for. */
export function useBaleTimeFilter(): [BaleTimeFilter, (filter: BaleTimeFilter) => void] {
  const [params, setParams] = useAddressParams();
  // Query keys hash by value, so a new object after another parameter changes costs nothing.
  const filter = useMemo(() => readBaleTimeFilter(params), [params]);
  const setFilter = useCallback(
    (next: BaleTimeFilter) => setParams((current) => writeBaleTimeFilter(current, next)),
    [setParams],
  );
  return [filter, setFilter];
}
