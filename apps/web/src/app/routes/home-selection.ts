import type { MapSelection } from '@/features/map/utils/map-selection';

// The open bale or stack lives in the address bar (?bale=… or ?stack=…): a reload or a shared
// link opens the same panel, and Back closes it.

export function readSelection(params: URLSearchParams): MapSelection | null {
  const uid = params.get('bale');
  if (uid) return { kind: 'bale', uid };
  const id = params.get('stack');
  if (id) return { kind: 'stack', id };
  return null;
}

export function writeSelection(
  params: URLSearchParams,
  selection: MapSelection | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('bale');
  next.delete('stack');
  if (selection?.kind === 'bale') next.set('bale', selection.uid);
  if (selection?.kind === 'stack') next.set('stack', selection.id);
  return next;
}
