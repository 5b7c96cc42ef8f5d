import {
  type AuditResult,
  type AuditStack,
  type AuditStackDetail,
  type AuditStacksResponse,
  type AuditSummary,
  auditMessages,
  type RecordAudit,
  type UnexpectedReason,
} from '@baletrack/contracts/audits/audits';
import { distanceMetres } from '@baletrack/domain/geo/boundary-measure';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertMay } from '../../lib/roles.ts';
import { findVisibleBalesByTag, findVisibleBalesByUid } from '../bales/bales.repository.ts';
import { recordManualScans } from '../bales/manual-scan.service.ts';
import type { FarmStacks, StackPlace } from '../bales/stack-grouping.ts';
import { readFarmStacks } from '../bales/stacks.repository.ts';
import { storageAreaAt } from '../bales/storage-area.ts';
import {
  type AuditRow,
  findAudit,
  insertAudit,
  listLatestAudits,
  listStackAudits,
} from './audits.repository.ts';

// Stack audits by scanning (docs/product.md#beyond-the-spec-stack-audits). Stacks are the map's
// (bales moved together); what the phone expected it keeps and sends back with its scans, so an
// audit done offline is read against what the worker saw.

const HISTORY = 50;

const summaryOf = (row: AuditRow): AuditSummary => ({
  id: row.id,
  finishedAt: row.finishedAt.toISOString(),
  by: row.by,
  expectedCount: row.expectedCount,
  foundCount: row.found.length,
  missingCount: row.missing.length,
  unexpectedCount: row.unexpected.length,
});

const resultOf = (row: AuditRow): AuditResult => ({
  id: row.id,
  stackId: row.stackId,
  storage: row.storage,
  by: row.by,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt.toISOString(),
  found: row.found,
  missing: row.missing,
  unexpected: row.unexpected.map((u) => ({ ...u, reason: u.reason as UnexpectedReason })),
  moved: row.moved,
});

/** The stack's members not loaded out, as visible bales with their tags. */
async function onHandMembers(ctx: AppContext, orgId: string, place: StackPlace) {
  const rows = await findVisibleBalesByUid(
    ctx.db,
    orgId,
    place.members.map((m) => m.uid),
    {},
  );
  return rows.filter((row) => row.loadType !== 'retail');
}

/**
 * GET /audits/stacks: the map's stacks with their bales on hand and last audit; nearest first
 * from `near`, else by storage area and place.
 */
export async function auditStacks(
  ctx: AppContext,
  orgId: string,
  near?: { lat: number; lon: number },
): Promise<AuditStacksResponse> {
  const farm = await readFarmStacks(ctx.db, orgId);
  const places = [...farm.stacks];
  const members = places.flatMap(([, place]) => place.members.map((m) => m.uid));
  const [rows, latest] = await Promise.all([
    findVisibleBalesByUid(ctx.db, orgId, members, {}),
    listLatestAudits(
      ctx.db,
      orgId,
      places.map(([id]) => id),
    ),
  ]);
  const loadedOut = new Set(rows.filter((r) => r.loadType === 'retail').map((r) => r.uid));
  const visible = new Set(rows.map((r) => r.uid));
  const lastAudit = new Map(latest.map((row) => [row.stackId, summaryOf(row)]));
  const storages = await Promise.all(places.map(([, place]) => storageAreaAt(ctx, orgId, place)));
  const stacks = places.map(
    ([id, place], i): AuditStack => ({
      id,
      lat: place.lat,
      lon: place.lon,
      storage: storages[i]?.name ?? null,
      baleCount: place.members.filter((m) => visible.has(m.uid) && !loadedOut.has(m.uid)).length,
      distanceM: near
        ? Math.round(distanceMetres([near.lon, near.lat], [place.lon, place.lat]))
        : null,
      lastAudit: lastAudit.get(id) ?? null,
    }),
  );
  stacks.sort((a, b) =>
    near
      ? (a.distanceM ?? 0) - (b.distanceM ?? 0)
      : (a.storage ?? '\uffff').localeCompare(b.storage ?? '\uffff') ||
        a.lat - b.lat ||
        a.lon - b.lon,
  );
  return { stacks };
}

function stackPlace(farm: FarmStacks, stackId: string): StackPlace {
  const place = farm.stacks.get(stackId);
  if (!place) throw new AppError('NOT_FOUND', auditMessages.stackNotFound);
  return place;
}

/** GET /audits/stack: a stack and its bales on hand, which the phone keeps for the audit. */
export async function auditStack(
  ctx: AppContext,
  orgId: string,
  stackId: string,
): Promise<AuditStackDetail> {
  const place = stackPlace(await readFarmStacks(ctx.db, orgId), stackId);
  const [bales, latest, storage] = await Promise.all([
    onHandMembers(ctx, orgId, place),
    listLatestAudits(ctx.db, orgId, [stackId]),
    storageAreaAt(ctx, orgId, place),
  ]);
  const last = latest[0];
  return {
    stack: {
      id: stackId,
      lat: place.lat,
      lon: place.lon,
      storage: storage?.name ?? null,
      baleCount: bales.length,
      distanceM: null,
      lastAudit: last ? summaryOf(last) : null,
    },
    expected: bales
      .map((b) => ({ uid: b.uid, tag: b.tagSerialNumber }))
      .sort((a, b) => (a.tag ?? '').localeCompare(b.tag ?? '') || a.uid.localeCompare(b.uid)),
  };
}

/**
 * POST /audits: reads the scans against the tags the phone expected (found, missing, not
 * expected), says why each unexpected tag was not expected, and places the bales of other places
 * found here on this stack by manual scan (the spec's rule: a newer stored update wins). The
 * phone's id makes a second send answer the first record (`created` false) and change nothing.
 */
export async function recordAudit(
  ctx: AppContext,
  principal: Principal,
  audit: RecordAudit,
): Promise<{ created: boolean; result: AuditResult }> {
  assertMay(principal, 'farmData');
  const { orgId } = principal;
  const recorded = await findAudit(ctx.db, orgId, audit.id);
  if (recorded) return { created: false, result: resultOf(recorded) };

  const expected = new Set(audit.expectedTags);
  const scanned = [...new Map(audit.scans.map((s) => [s.tag, s])).values()];
  const found = scanned.filter((s) => expected.has(s.tag)).map((s) => s.tag);
  const scannedTags = new Set(scanned.map((s) => s.tag));
  const missing = audit.expectedTags.filter((tag) => !scannedTags.has(tag));
  const others = scanned.filter((s) => !expected.has(s.tag));

  const [farm, known] = await Promise.all([
    readFarmStacks(ctx.db, orgId),
    findVisibleBalesByTag(
      ctx.db,
      orgId,
      others.map((s) => s.tag),
    ),
  ]);
  const unexpected: AuditResult['unexpected'] = [];
  const toMove: typeof others = [];
  for (const scan of others) {
    const bales = known.filter((b) => b.tagSerialNumber === scan.tag);
    if (bales.length === 0) {
      unexpected.push({ tag: scan.tag, reason: 'unknown', otherStorage: null });
      continue;
    }
    if (bales.every((b) => b.loadType === 'retail')) {
      unexpected.push({ tag: scan.tag, reason: 'loadedOut', otherStorage: null });
      continue;
    }
    const stackId = bales.map((b) => farm.stackOf.get(b.uid)).find((id) => id !== undefined);
    if (stackId === audit.stackId) {
      // It came to this stack after the phone read the list: it is where the map says.
      found.push(scan.tag);
      continue;
    }
    const other = stackId === undefined ? undefined : farm.stacks.get(stackId);
    const otherStorage = other ? ((await storageAreaAt(ctx, orgId, other))?.name ?? null) : null;
    unexpected.push({ tag: scan.tag, reason: other ? 'otherStack' : 'loose', otherStorage });
    toMove.push(scan);
  }
  const moved =
    toMove.length === 0
      ? 0
      : (
          await recordManualScans(
            ctx,
            orgId,
            toMove.map((scan) => ({
              tagSerialNumber: scan.tag,
              location: audit.stack,
              scannedAt: scan.scannedAt,
            })),
          )
        ).moved;
  const row = {
    orgId,
    id: audit.id,
    stackId: audit.stackId,
    stackLat: audit.stack.lat,
    stackLon: audit.stack.lon,
    storage: audit.storage,
    userId: principal.userId,
    by: principal.email,
    startedAt: new Date(audit.startedAt),
    finishedAt: new Date(audit.finishedAt),
    expectedCount: audit.expectedTags.length,
    found: JSON.stringify(found),
    missing: JSON.stringify(missing),
    unexpected: JSON.stringify(unexpected),
    moved,
  };
  const created = await insertAudit(ctx.db, row);
  const stored = await findAudit(ctx.db, orgId, audit.id);
  if (!stored) throw new Error('An audit just recorded could not be read back.');
  return { created, result: resultOf(stored) };
}

/** GET /audits?stackId=: the stack's audits, newest first (at most 50). */
export async function auditsOf(ctx: AppContext, orgId: string, stackId: string) {
  const rows = await listStackAudits(ctx.db, orgId, stackId, HISTORY);
  return { audits: rows.map(resultOf) };
}
