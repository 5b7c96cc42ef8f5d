import {
  type Cutting,
  type SaveCuttingRequest,
  saveCuttingRequestSchema,
} from '@baletrack/contracts/cuttings/cutting';

/** What the grower has entered for a cutting. */
export interface CuttingDraft {
  name: string;
  /** 'YYYY-MM-DD' or ''. */
  startDate: string;
  endDate: string;
  year: number;
  fieldIds: string[];
  cropId: string | null;
}

export type CuttingProblems = Partial<Record<keyof CuttingDraft, string>>;

/** The draft of a cutting to change, or of a new one in the given crop year. */
export function cuttingDraftOf(cutting: Cutting | undefined, year: number): CuttingDraft {
  return cutting
    ? {
        name: cutting.name,
        startDate: cutting.startDate,
        endDate: cutting.endDate,
        year: cutting.year,
        fieldIds: cutting.fieldIds,
        cropId: cutting.cropId,
      }
    : { name: '', startDate: '', endDate: '', year, fieldIds: [], cropId: null };
}

const draftKeys = new Set<string>(['name', 'startDate', 'endDate', 'year', 'fieldIds', 'cropId']);

/**
 * The POST/PUT /cuttings body, or the problems to show beside the inputs (the shared contract's
 * rules and messages: end before start, a crop without fields). The cap on cuttings per year is
 * the server's to check.
 */
export function cuttingRequest(draft: CuttingDraft): {
  request?: SaveCuttingRequest;
  problems: CuttingProblems;
} {
  const parsed = saveCuttingRequestSchema.safeParse(draft);
  if (parsed.success) return { request: parsed.data, problems: {} };
  const problems: CuttingProblems = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (draftKeys.has(key)) problems[key as keyof CuttingDraft] ??= issue.message;
  }
  return { problems };
}

/** Names of a cutting's fields, for the list ('North, South'); unknown ids are skipped. */
export function fieldNames(
  fieldIds: readonly string[],
  fields: ReadonlyMap<string, string>,
): string {
  return fieldIds
    .map((id) => fields.get(id))
    .filter((name): name is string => name !== undefined)
    .sort((a, b) => a.localeCompare(b, 'en-US'))
    .join(', ');
}
