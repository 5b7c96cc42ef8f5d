import { type BaleSize, baleShapes, type TagMaterial } from '@baletrack/contracts/bales/bale';
import {
  type HeatRiskBale,
  type HeatRiskEntry,
  type HeatRiskRecipients,
  type HeatRiskResponse,
  heatRiskMessages,
} from '@baletrack/contracts/heat-risk/heat-risk';
import { baleHeatRisk, stackHeatRisk, WATCH_DAYS } from '@baletrack/domain/heat-risk/heat-risk';
import { safeBalingBand } from '@baletrack/domain/moisture';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertMay } from '../../lib/roles.ts';
import { type FarmStacks, hasMoved } from '../bales/stack-grouping.ts';
import { readFarmStacks, readStackOf } from '../bales/stacks.repository.ts';
import {
  listHeatRiskRecipients,
  listWetRecentBales,
  replaceHeatRiskRecipients,
} from './heat-risk.repository.ts';

const DAY_MS = 86_400_000;

/** No bale at or below the lowest safe limit (dry, any shape) can be at risk. */
export const WET_BOUND = Math.min(...baleShapes.map((s) => safeBalingBand(s, 'dry').max));

/** The earliest creation time still inside the watch window at `now`. */
export function watchSince(now: Date): Date {
  return new Date(now.getTime() - WATCH_DAYS * DAY_MS);
}

function byRisk(a: { score: number; key: string }, b: { score: number; key: string }) {
  return b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** Past this many stacks read around a bale at risk, the farm's stacks are read at once. */
const STACK_READS = 8;

/**
 * The stacks of the moved bales at risk, each read around one of its bales (a yard may hold
 * thousands of moved bales, and the list is asked at every map opening); the farm's at once
 * when more than STACK_READS reads would be needed.
 */
async function stacksAtRisk(
  ctx: AppContext,
  orgId: string,
  moved: readonly { uid: string; lat: number; lon: number }[],
): Promise<FarmStacks> {
  const found: FarmStacks = { stacks: new Map(), stackOf: new Map() };
  let reads = 0;
  for (const bale of moved) {
    if (found.stackOf.has(bale.uid)) continue;
    reads += 1;
    if (reads > STACK_READS) return readFarmStacks(ctx.db, orgId);
    const stack = await readStackOf(ctx.db, orgId, bale.uid, bale);
    if (!stack) continue;
    found.stacks.set(stack.id, stack.place);
    for (const member of stack.place.members) found.stackOf.set(member.uid, stack.id);
  }
  return found;
}

/**
 * The organization's watch list at the app's clock (docs/product.md#beyond-the-spec-heat-risk):
 * its visible bales at risk, those in a stack (the map's stacks) gathered under it, the stack as
 * bad as its worst bale; most urgent first.
 */
export async function heatRiskWatchList(ctx: AppContext, orgId: string): Promise<HeatRiskResponse> {
  const now = ctx.now();
  const rows = await listWetRecentBales(ctx.db, orgId, watchSince(now), WET_BOUND);
  const atRisk: (HeatRiskBale & { moved: boolean })[] = [];
  for (const row of rows) {
    const risk = baleHeatRisk(
      {
        avgMoisture: row.avgMoisture,
        peakMoisture: row.peakMoisture,
        baleSize: row.baleSize as BaleSize,
        appliedPreservativeKg: row.appliedPreservativeKg,
        bindingMode: row.bindingMode as TagMaterial,
        creationTime: row.creationTime,
      },
      now,
    );
    if (risk.level === 'none') continue;
    atRisk.push({
      uid: row.uid,
      tagSerialNumber: row.tagSerialNumber,
      creationTime: row.creationTime.toISOString(),
      lat: row.currentLat,
      lon: row.currentLon,
      level: risk.level,
      score: risk.score,
      why: risk.why,
      moved: hasMoved({ ...row, lat: row.currentLat, lon: row.currentLon }),
    });
  }
  // Only moved bales stack.
  const farm = await stacksAtRisk(
    ctx,
    orgId,
    atRisk.filter((bale) => bale.moved),
  );
  const loose: HeatRiskBale[] = [];
  const byStack = new Map<string, HeatRiskBale[]>();
  for (const { moved: _, ...bale } of atRisk) {
    const stackId = farm.stackOf.get(bale.uid);
    if (stackId === undefined) loose.push(bale);
    else byStack.set(stackId, [...(byStack.get(stackId) ?? []), bale]);
  }
  const entries: (HeatRiskEntry & { score: number; key: string })[] = [];
  for (const [id, bales] of byStack) {
    const place = farm.stacks.get(id);
    const worst = stackHeatRisk(bales);
    if (!place || worst.level === 'none') continue;
    bales.sort((a, b) => byRisk({ ...a, key: a.uid }, { ...b, key: b.uid }));
    entries.push({
      kind: 'stack',
      id,
      lat: place.lat,
      lon: place.lon,
      baleCount: place.members.length,
      level: worst.level,
      score: worst.score,
      bales,
      key: `s:${id}`,
    });
  }
  for (const bale of loose) {
    entries.push({ kind: 'bale', id: bale.uid, bale, score: bale.score, key: `b:${bale.uid}` });
  }
  entries.sort(byRisk);
  return {
    at: now.toISOString(),
    entries: entries.map(({ key: _key, ...entry }) =>
      entry.kind === 'bale' ? { kind: 'bale', id: entry.id, bale: entry.bale } : entry,
    ),
  };
}

/** The people chosen for the daily mail besides the owner; the owner's choice, like people. */
export async function heatRiskRecipients(
  ctx: AppContext,
  principal: Principal,
): Promise<HeatRiskRecipients> {
  assertMay(principal, 'people', heatRiskMessages.ownerOnlyRecipients);
  return { userIds: await listHeatRiskRecipients(ctx.db, principal.orgId) };
}

/**
 * Replaces the people chosen for the daily mail; every one must be of the organization, or
 * nothing changes (404, so another organization's people are not told apart from no one).
 */
export async function chooseHeatRiskRecipients(
  ctx: AppContext,
  principal: Principal,
  choice: HeatRiskRecipients,
): Promise<HeatRiskRecipients> {
  assertMay(principal, 'people', heatRiskMessages.ownerOnlyRecipients);
  const userIds = [...new Set(choice.userIds.map((id) => id.toLowerCase()))].sort();
  await ctx.db.transaction().execute(async (trx) => {
    const found = await replaceHeatRiskRecipients(trx, principal.orgId, userIds);
    if (found !== userIds.length) {
      throw new AppError('NOT_FOUND', heatRiskMessages.recipientNotFound);
    }
  });
  return { userIds };
}
