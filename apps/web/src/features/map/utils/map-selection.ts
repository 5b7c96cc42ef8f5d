/** What the details panel shows: one bale or one stack. */
export type MapSelection = { kind: 'bale'; uid: string } | { kind: 'stack'; id: string };

/** The id the map's features carry for a selection. */
export function selectionFeatureId(selection: MapSelection | null): string {
  if (!selection) return '';
  return selection.kind === 'bale' ? selection.uid : selection.id;
}
