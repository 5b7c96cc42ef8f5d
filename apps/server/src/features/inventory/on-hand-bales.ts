import type { ForageKind } from '@baletrack/domain/quality-grade/quality-grade';
import type { AppContext } from '../../app-context.ts';
import { DAY_MS } from '../bales/time-range.ts';
import { cuttingKinds, lookUpCuttings } from '../summaries/summary-filter.ts';
import type { SummaryReference } from '../summaries/summary-reference.repository.ts';
import { listOnHandBales } from './inventory.repository.ts';

/** What the value rules read of a bale on hand; nutrition null when not reported. */
export interface OnHandBale {
  uid: string;
  weightKg: number;
  createdMs: number;
  /** The table of its cuttings' crops (legume wins); null when no cutting with a crop holds it. */
  kind: ForageKind | null;
  rfv: number | null;
  adf: number | null;
  ndf: number | null;
  protein: number | null;
  fieldIds: readonly string[];
  /** Indexes into `reference.cuttings` of the cuttings holding it. */
  cuttings: readonly number[];
  /** Loaded out for retail: no longer on hand (only returned with `withLoadedOut`). */
  loadedOut: boolean;
}

const kinds: Record<number, ForageKind | null> = { 1: 'legume', 0: 'grass', [-1]: null };
const orNull = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? null : value;

/**
 * The hay on hand (docs/product.md#beyond-the-spec-quality-and-value): the organization's visible
 * bales not loaded out for retail (and those too, marked, `withLoadedOut`), made before `before`
 * (only `uids` when given), with the same cutting rule and crop table the summaries use: from the
 * summaries' bale columns when this process holds them at the reference's stamp, else read from
 * the bales while the columns load (docs/adr/0044-summaries-read-in-sql-first.md).
 */
export async function onHandBales(
  ctx: AppContext,
  orgId: string,
  reference: SummaryReference,
  before: Date,
  uids?: readonly string[],
  withLoadedOut = false,
): Promise<OnHandBale[]> {
  // The reference query read the bales' stamp too: no second stamp read here.
  const columns = ctx.summaryCache.ready(orgId, reference.stamp);
  if (!columns) return readOnHandBales(ctx, orgId, reference, before, uids, withLoadedOut);
  const lookup = lookUpCuttings(columns, reference);
  const { live, retail, createdMs, fieldDay, fieldSet, numbers } = columns;
  const end = before.getTime();
  const slots = uids
    ? uids.flatMap((uid) => {
        const slot = columns.slotOf.get(uid);
        return slot === undefined || slot >= columns.length ? [] : [slot];
      })
    : Array.from({ length: columns.length }, (_, slot) => slot);
  const bales: OnHandBale[] = [];
  for (const slot of slots) {
    const loadedOut = retail[slot] === 1;
    if (live[slot] === 0 || (loadedOut && !withLoadedOut) || (createdMs[slot] as number) >= end) {
      continue;
    }
    const day = fieldDay[slot] as number;
    bales.push({
      uid: columns.uids[slot] as string,
      weightKg: numbers.weightKg[slot] as number,
      createdMs: createdMs[slot] as number,
      kind: kinds[lookup.legume[day] as number] ?? null,
      rfv: orNull(numbers.rfv[slot]),
      adf: orNull(numbers.adf[slot]),
      ndf: orNull(numbers.ndf[slot]),
      protein: orNull(numbers.protein[slot]),
      fieldIds: columns.fieldSets.values[fieldSet[slot] as number] ?? [],
      cuttings: lookup.cuttingsOf[day] ?? [],
      loadedOut,
    });
  }
  return bales;
}

/** `onHandBales` read from the bales, each fields-and-day's cuttings looked up once. */
async function readOnHandBales(
  ctx: AppContext,
  orgId: string,
  reference: SummaryReference,
  before: Date,
  uids: readonly string[] | undefined,
  withLoadedOut: boolean,
): Promise<OnHandBale[]> {
  if (uids?.length === 0) return [];
  const rows = await listOnHandBales(ctx.db, orgId, { before, uids, withLoadedOut });
  const kindsOf = cuttingKinds(reference);
  const looked = new Map<string, ReturnType<typeof kindsOf>>();
  return rows.map((row) => {
    const day = Math.floor(row.createdMs / DAY_MS);
    const key = `${day}|${row.fieldIds.join()}`;
    let found = looked.get(key);
    if (!found) {
      found = kindsOf(row.fieldIds, day);
      looked.set(key, found);
    }
    return {
      uid: row.uid,
      weightKg: row.weightKg,
      createdMs: row.createdMs,
      kind: kinds[found.kind] ?? null,
      rfv: row.rfv,
      adf: row.adf,
      ndf: row.ndf,
      protein: row.protein,
      fieldIds: row.fieldIds,
      cuttings: found.held,
      loadedOut: row.loadedOut,
    };
  });
}
