import { useCallback } from 'react';
import { useAddressParams } from '@/hooks/use-address-params';

// The applied filter lives in the address bar (?filter=<id>) like the top bar's dates, so a
// reload or a shared link shows the same bales.
const PARAM = 'filter';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of the one applied filter (undefined: none), and a setter (undefined clears it). */
export function useActiveFilter(): [string | undefined, (id: string | undefined) => void] {
  const [params, setParams] = useAddressParams();
  const raw = params.get(PARAM);
  // A value that is no id is ignored rather than sent.
  const id = raw !== null && UUID.test(raw) ? raw : undefined;
  const setId = useCallback(
    (next: string | undefined) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === undefined) updated.delete(PARAM);
        else updated.set(PARAM, next);
        return updated;
      }),
    [setParams],
  );
  return [id, setId];
}
