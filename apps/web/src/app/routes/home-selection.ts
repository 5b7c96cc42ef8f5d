import type { MapSelection } from '@/features/map/utils/map-selection';
import { useAddressParams } from '@/hooks/use-address-params';

// The open bale or stack lives in the address bar (?bale=… or ?stack=…): a reload or a shared
// link opens the same panel, and Back closes it.

function readSelection(params: URLSearchParams): MapSelection | null {
  const uid = params.get('bale');
  if (uid) return { kind: 'bale', uid };
  const id = params.get('stack');
  if (id) return { kind: 'stack', id };
  return null;
}

function writeSelection(params: URLSearchParams, selection: MapSelection | null): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('bale');
  next.delete('stack');
  if (selection?.kind === 'bale') next.set('bale', selection.uid);
  if (selection?.kind === 'stack') next.set('stack', selection.id);
  return next;
}

/** The map's open bale or stack, and choosing another (null closes it); shown at once. */
export function useHomeSelection() {
  const [params, setParams] = useAddressParams();
  const select = (next: MapSelection | null) =>
    setParams((current) => writeSelection(current, next));
  return [readSelection(params), select] as const;
}
