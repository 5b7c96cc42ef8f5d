import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { MapSelection } from '@/features/map/utils/map-selection';

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

/**
 * The map's open bale or stack, and choosing another. A choice shows at once: the address follows
 * as a router navigation, which React renders as a transition that the map's animation frames hold
 * back (seconds where the map renders in software). Any change of the address (that navigation,
 * Back, a link) makes it the selection again.
 */
export function useHomeSelection() {
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<{ selection: MapSelection | null; from: URLSearchParams }>();
  const select = (next: MapSelection | null) => {
    setChosen({ selection: next, from: params });
    setParams((current) => writeSelection(current, next));
  };
  const selection = chosen?.from === params ? chosen.selection : readSelection(params);
  return [selection, select] as const;
}
