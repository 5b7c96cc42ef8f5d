import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { type Location, useLocation, useSearchParams } from 'react-router';

// The map's state in the address bar (?bale=, ?filter=, ?heatmap=, the dates) changes through
// router navigations, which every signed-in page's middleware holds up for a moment and React
// renders as a transition (seconds behind the map's drawing in software). Until one lands, the
// screen shows the change asked for, and the next change builds on it: closing a stack and then
// turning the heatmap on must not bring the stack back.

interface Pending {
  /** The address the change was made on; it counts only while the address is still that. */
  from: Pick<Location, 'key' | 'search'>;
  params: URLSearchParams;
}

let pending: Pending | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const readPending = () => pending;

const madeOn = (change: Pending | undefined, location: Location) =>
  change && change.from.key === location.key && change.from.search === location.search
    ? change.params
    : undefined;

type Change = (current: URLSearchParams) => URLSearchParams;

/** The address bar's query as last asked for, and a change of it that builds on every earlier one. */
export function useAddressParams(): [
  URLSearchParams,
  (change: Change, options?: { replace?: boolean }) => void,
] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const shown = madeOn(useSyncExternalStore(subscribe, readPending), location) ?? params;
  // Once the address moves (the change landed, or Back), the change is history: Back to the
  // address it was made on must not show it again.
  useEffect(() => {
    if (pending && pending.from.key !== location.key) pending = undefined;
  }, [location]);
  const update = useCallback(
    (change: Change, options?: { replace?: boolean }) => {
      const next = change(new URLSearchParams(madeOn(pending, location) ?? params));
      pending = { from: { key: location.key, search: location.search }, params: next };
      for (const listener of listeners) listener();
      setParams(next, options);
    },
    [location, params, setParams],
  );
  return [shown, update];
}
