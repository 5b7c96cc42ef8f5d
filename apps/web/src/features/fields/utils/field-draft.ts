import {
  type Field,
  type SaveFieldRequest,
  saveFieldRequestSchema,
} from '@baletrack/contracts/fields/field';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { DisplayUnits } from '@/lib/display-units';

/** What the grower has typed and drawn for a field. */
export interface FieldDraft {
  name: string;
  /** The known size in the organization's area unit, as typed ('' for none). */
  sizeText: string;
  boundary: Boundary | null;
  /** The stored size and how it was shown: left as shown, it is sent back exactly. */
  storedSize?: { text: string; hectares: number | null };
}

export type DraftProblems = Partial<Record<'name' | 'sizeHectares' | 'boundary', string>>;

export const DRAW_FIRST =
  'Draw the field on the map: click its corners, then click the first again.';
export const SIZE_NOT_A_NUMBER = 'Enter the size as a number greater than 0, or leave it empty.';

/** A field's draft to start editing from: its known size shown in the organization's unit. */
export function draftOf(field: Field | undefined, units: DisplayUnits): FieldDraft {
  const size = field?.sizeHectares;
  const sizeText =
    size === null || size === undefined
      ? ''
      : String(Math.round(units.fromSI(size, 'area') * 100) / 100);
  return {
    name: field?.name ?? '',
    sizeText,
    boundary: field?.boundary ?? null,
    ...(field && { storedSize: { text: sizeText, hectares: field.sizeHectares } }),
  };
}

/**
 * The POST/PUT /fields body for a draft, or the problems to show beside the boxes. The server
 * checks the boundary further (crossings, holes); those come back as its message.
 */
export function fieldRequest(
  draft: FieldDraft,
  units: DisplayUnits,
): { request?: SaveFieldRequest; problems: DraftProblems } {
  const problems: DraftProblems = {};
  const typed = draft.sizeText.trim().replaceAll(',', '');
  let sizeHectares: number | null = null;
  if (draft.storedSize && draft.sizeText === draft.storedSize.text) {
    // Not converted there and back: a rename must not nudge 29 ha to 28.9996 ha.
    sizeHectares = draft.storedSize.hectares;
  } else if (typed !== '') {
    const value = /^(\d+\.?\d*|\.\d+)$/.test(typed) ? Number(typed) : Number.NaN;
    if (!(value > 0)) problems.sizeHectares = SIZE_NOT_A_NUMBER;
    else sizeHectares = units.toSI(value, 'area');
  }
  if (!draft.boundary) problems.boundary = DRAW_FIRST;
  const parsed = saveFieldRequestSchema.safeParse({
    name: draft.name,
    sizeHectares,
    boundary: draft.boundary,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [key] = issue.path;
      if (key === 'name' || key === 'sizeHectares' || key === 'boundary')
        problems[key] ??= issue.message;
    }
  }
  return parsed.success && Object.keys(problems).length === 0
    ? { request: parsed.data, problems }
    : { problems };
}
