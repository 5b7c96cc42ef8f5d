import { randomBytes, randomUUID } from 'node:crypto';
import type { BaleSize, TagMaterial } from '@baletrack/contracts/bales/bale';
import type { MeasurementSystem } from '@baletrack/contracts/constants';
import { may } from '@baletrack/contracts/identity/roles';
import type { HayGrade } from '@baletrack/contracts/inventory/hay-grade';
import {
  type AddLoadBales,
  type AddLoadBalesResponse,
  type CreateLoadLink,
  LOAD_BALES_MAX,
  type LoadBale,
  type LoadDetails,
  type LoadLink,
  type LoadResponse,
  type LoadRow,
  type LoadStatus,
  type LoadsResponse,
  loadMessages,
} from '@baletrack/contracts/loads/loads';
import { baleValue, type GradePrice, pricesOn } from '@baletrack/domain/inventory/hay-value';
import { belowGrade, loadTotals, safeMaxMoisture } from '@baletrack/domain/loads/load-checks';
import { hayGrade } from '@baletrack/domain/quality-grade/hay-grade';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertMay } from '../../lib/roles.ts';
import { type BaleSelection, baleSelection, withFilter } from '../bales/bale-selection.ts';
import { commitBaleVersion, lockNextBaleVersion } from '../bales/bale-writes.repository.ts';
import { inAnyBox, listFieldNames } from '../bales/bales.repository.ts';
import { listPrices } from '../inventory/inventory.repository.ts';
import { fileNamePart } from '../reports/report-filename.ts';
import { buyerLinkOrganization, buyerLinkToken, buyerLinkUrl } from './buyer-link.ts';
import { buyerPage, goneBuyerPage } from './buyer-page.ts';
import { loadTicketPdf } from './load-ticket.ts';
import {
  countLoadBales,
  deleteLoad,
  deleteLoadBales,
  findLoad,
  insertLoad,
  insertLoadBales,
  insertLoadLink,
  type LoadRecord,
  listLoadBales,
  listLoadLinks,
  listLoads,
  listPickedBales,
  loadBaleCount,
  lockLoad,
  markLoadBalesLoadedOut,
  openLoadLink,
  pageOrganization,
  revokeLoadLink,
  updateLoad,
} from './loads.repository.ts';

const DAY_MS = 86_400_000;
const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function toRow(load: LoadRecord, counts?: { baleCount: number; weightKg: number }): LoadRow {
  return {
    id: load.id,
    name: load.name,
    buyer: load.buyer,
    destination: load.destination,
    shipDate: load.shipDate,
    vehicle: load.vehicle,
    status: load.status,
    baleCount: counts?.baleCount ?? 0,
    weightKg: counts?.weightKg ?? 0,
    createdAt: load.createdAt.toISOString(),
    shippedAt: iso(load.shippedAt),
  };
}

/** The organization's loads, newest first, each with its bales and their weight. */
export async function loadsOf(ctx: AppContext, orgId: string): Promise<LoadsResponse> {
  const [loads, counts] = await Promise.all([
    listLoads(ctx.db, orgId),
    countLoadBales(ctx.db, orgId),
  ]);
  const byLoad = new Map(
    counts.map((c) => [c.loadId, { baleCount: Number(c.baleCount), weightKg: Number(c.weightKg) }]),
  );
  return { loads: loads.map((load) => toRow(load, byLoad.get(load.id))) };
}

/** A load's bales as its page, ticket and buyer's page show them, graded and priced. */
export async function loadBales(
  ctx: AppContext,
  orgId: string,
  load: Pick<LoadRecord, 'id' | 'minGrade'>,
  pricedOn: string,
): Promise<LoadBale[]> {
  const [rows, priceRows] = await Promise.all([
    listLoadBales(ctx.db, orgId, load.id),
    listPrices(ctx.db, orgId),
  ]);
  const fieldIds = [...new Set(rows.flatMap((row) => row.fieldUids ?? []))];
  const fieldNames = new Map(
    (await listFieldNames(ctx.db, orgId, fieldIds)).map((f) => [f.id, f.name]),
  );
  const prices = pricesOn(
    priceRows.map((row): GradePrice => ({ ...row, grade: row.grade as HayGrade })),
    pricedOn,
  );
  const minGrade = load.minGrade as HayGrade | null;
  return rows.map((row) => {
    const kind = row.legume === null ? null : row.legume ? 'legume' : 'grass';
    const grade = hayGrade(kind, row);
    const value = baleValue(row.weightKg, grade, prices);
    const safeMax = safeMaxMoisture({
      baleSize: row.baleSize as BaleSize,
      appliedPreservativeKg: row.appliedPreservativeKg,
      bindingMode: row.bindingMode as TagMaterial,
    });
    return {
      uid: row.uid,
      tagSerialNumber: row.tagSerialNumber,
      creationTime: row.creationTime.toISOString(),
      fieldNames: (row.fieldUids ?? []).flatMap((id) => fieldNames.get(id) ?? []),
      weightKg: row.weightKg,
      dryMassKg: row.dryMassKg,
      avgMoisture: row.avgMoisture,
      rfv: row.rfv,
      adf: row.adf,
      ndf: row.ndf,
      protein: row.protein,
      grade: grade?.grade ?? null,
      basis: grade?.basis ?? null,
      value: value === null ? null : Math.round(value * 100) / 100,
      safeMaxMoisture: safeMax,
      wet: row.avgMoisture > safeMax,
      belowGrade: belowGrade(grade?.grade ?? null, minGrade),
    };
  });
}

/** The day whose prices value a load: its ship date, else today (UTC). */
const pricedOnOf = (ctx: AppContext, load: Pick<LoadRecord, 'shipDate'>) =>
  load.shipDate ?? ctx.now().toISOString().slice(0, 10);

function toLink(
  ctx: AppContext,
  link: Awaited<ReturnType<typeof listLoadLinks>>[number],
): LoadLink {
  return {
    id: link.id,
    url: buyerLinkUrl(ctx, link.token),
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: iso(link.revokedAt),
    showFarmName: link.showFarmName,
    openCount: link.openCount,
    lastOpenedAt: iso(link.lastOpenedAt),
  };
}

async function existingLoad(ctx: AppContext, orgId: string, id: string) {
  const load = await findLoad(ctx.db, orgId, id);
  if (!load) throw new AppError('NOT_FOUND', loadMessages.notFound);
  return load;
}

/**
 * GET /loads/{id}: the load with its bales, totals and, for those who may share it (not viewers),
 * its buyers' links.
 */
export async function loadOf(
  ctx: AppContext,
  principal: Pick<Principal, 'orgId' | 'groups'>,
  id: string,
): Promise<LoadResponse> {
  const { orgId } = principal;
  const load = await existingLoad(ctx, orgId, id);
  const pricedOn = pricedOnOf(ctx, load);
  const [bales, links] = await Promise.all([
    loadBales(ctx, orgId, load, pricedOn),
    may(principal.groups, 'loads') ? listLoadLinks(ctx.db, orgId, id) : [],
  ]);
  const totals = loadTotals(bales);
  return {
    ...toRow(load, totals),
    notes: load.notes,
    minGrade: load.minGrade as HayGrade | null,
    pricedOn,
    totals,
    bales,
    links: links.map((link) => toLink(ctx, link)),
  };
}

/** POST /loads (owner or manager): a new open load. */
export async function createLoad(
  ctx: AppContext,
  principal: Principal,
  details: LoadDetails,
): Promise<LoadResponse> {
  assertMay(principal, 'loads');
  const id = randomUUID();
  const now = ctx.now();
  await insertLoad(ctx.db, {
    orgId: principal.orgId,
    id,
    ...details,
    status: 'open',
    createdBy: principal.userId,
    createdAt: now,
    updatedAt: now,
  });
  return loadOf(ctx, principal, id);
}

/** Refuses a change to a load that is not open (409, saying why). */
function assertOpen(load: Pick<LoadRecord, 'status'>) {
  if (load.status === 'shipped') throw new AppError('CONFLICT', loadMessages.shipped);
  if (load.status !== 'open') throw new AppError('CONFLICT', loadMessages.notOpen);
}

/**
 * Runs `change` on the load, locked, once the caller may change loads; 404 for another
 * organization's or an unknown load.
 */
async function changeLoad<T>(
  ctx: AppContext,
  principal: Principal,
  id: string,
  change: (trx: Parameters<typeof lockLoad>[0], load: LoadRecord) => Promise<T>,
): Promise<T> {
  assertMay(principal, 'loads');
  return ctx.db.transaction().execute(async (trx) => {
    const load = await lockLoad(trx, principal.orgId, id);
    if (!load) throw new AppError('NOT_FOUND', loadMessages.notFound);
    return change(trx, load);
  });
}

/** PATCH /loads/{id}: the details of an open load. */
export async function updateLoadDetails(
  ctx: AppContext,
  principal: Principal,
  id: string,
  details: LoadDetails,
): Promise<LoadResponse> {
  await changeLoad(ctx, principal, id, async (trx, load) => {
    assertOpen(load);
    await updateLoad(trx, principal.orgId, id, { ...details, updatedAt: ctx.now() });
  });
  return loadOf(ctx, principal, id);
}

/** DELETE /loads/{id}: a load not shipped; its bales are free again, its links end. */
export async function removeLoad(ctx: AppContext, principal: Principal, id: string) {
  await changeLoad(ctx, principal, id, async (trx, load) => {
    if (load.status === 'shipped') throw new AppError('CONFLICT', loadMessages.shipped);
    await deleteLoad(trx, principal.orgId, id);
  });
}

/**
 * POST /loads/{id}/bales: the picked bales (by tag, uid, saved or given filter, or an area of the
 * map) that may join an open load (visible, not loaded out, in no other load), and what was left
 * out and why.
 */
export async function addLoadBales(
  ctx: AppContext,
  principal: Principal,
  id: string,
  pick: AddLoadBales,
): Promise<AddLoadBalesResponse> {
  const { orgId } = principal;
  // The filter's condition is read before the transaction (a saved one is 404 when unknown).
  const selection =
    pick.filterId !== undefined
      ? await baleSelection(ctx, orgId, { filterId: pick.filterId })
      : pick.filter !== undefined
        ? withFilter(ctx, {}, pick.filter)
        : pick.box !== undefined
          ? boxSelection(pick.box)
          : undefined;
  return changeLoad(ctx, principal, id, async (trx, load) => {
    assertOpen(load);
    const picked = await listPickedBales(
      trx,
      orgId,
      selection ? { selection } : pick.tags ? { tags: pick.tags } : { uids: pick.uids ?? [] },
      LOAD_BALES_MAX + 1,
    );
    if (picked.length > LOAD_BALES_MAX)
      throw new AppError('VALIDATION_FAILED', loadMessages.tooManyBales);
    const result: AddLoadBalesResponse = {
      added: 0,
      alreadyHere: 0,
      loadedOut: 0,
      inOtherLoads: [],
      notFound: [],
    };
    const others = new Map<string, { id: string; name: string; count: number }>();
    const free: string[] = [];
    for (const bale of picked) {
      if (bale.loadId === id) result.alreadyHere += 1;
      else if (bale.loadType === 'retail') result.loadedOut += 1;
      else if (bale.loadId !== null) {
        const other = others.get(bale.loadId) ?? {
          id: bale.loadId,
          name: bale.loadName ?? '',
          count: 0,
        };
        other.count += 1;
        others.set(bale.loadId, other);
      } else free.push(bale.uid);
    }
    const asked = pick.tags ?? pick.uids;
    if (asked) {
      const found = new Set(picked.flatMap((b) => (pick.tags ? [b.tagSerialNumber] : [b.uid])));
      result.notFound = [...new Set(asked)].filter((key) => !found.has(key));
    }
    if ((await loadBaleCount(trx, orgId, id)) + free.length > LOAD_BALES_MAX) {
      throw new AppError('VALIDATION_FAILED', loadMessages.tooManyBales);
    }
    result.added = await insertLoadBales(trx, orgId, id, free, ctx.now());
    result.inOtherLoads = [...others.values()];
    return result;
  });
}

/** The bales lying in an area drawn on the map now, whenever they were made. */
function boxSelection(box: NonNullable<AddLoadBales['box']>): BaleSelection {
  return { range: {}, where: (eb) => inAnyBox(eb, 'current', [box]) };
}

/** DELETE /loads/{id}/bales: bales taken off an open load. */
export async function removeLoadBales(
  ctx: AppContext,
  principal: Principal,
  id: string,
  uids: string[],
) {
  await changeLoad(ctx, principal, id, async (trx, load) => {
    assertOpen(load);
    await deleteLoadBales(trx, principal.orgId, id, uids);
  });
}

/**
 * POST /loads/{id}/status: ready (settled), open again, or shipped for good, when its bales
 * become loaded out at once for the inventory, heat risk and summaries (a bale version).
 */
export async function setLoadStatus(
  ctx: AppContext,
  principal: Principal,
  id: string,
  status: LoadStatus,
): Promise<LoadResponse> {
  const { orgId } = principal;
  await changeLoad(ctx, principal, id, async (trx, load) => {
    if (load.status === status) return;
    if (load.status === 'shipped') throw new AppError('CONFLICT', loadMessages.shipped);
    const now = ctx.now();
    if (status !== 'open' && (await loadBaleCount(trx, orgId, id)) === 0) {
      throw new AppError('CONFLICT', loadMessages.empty);
    }
    if (status === 'shipped') {
      const version = await lockNextBaleVersion(trx, orgId);
      const changed = await markLoadBalesLoadedOut(trx, orgId, id, { version, changedAt: now });
      if (changed > 0) await commitBaleVersion(trx, orgId, version);
      await updateLoad(trx, orgId, id, {
        status,
        shippedAt: now,
        shippedBy: principal.userId,
        updatedAt: now,
      });
      return;
    }
    await updateLoad(trx, orgId, id, { status, updatedAt: now });
  });
  return loadOf(ctx, principal, id);
}

/** POST /loads/{id}/links: a buyer's link to the load for `days` days. */
export async function createLoadLink(
  ctx: AppContext,
  principal: Principal,
  id: string,
  request: CreateLoadLink,
): Promise<LoadLink> {
  assertMay(principal, 'loads');
  await existingLoad(ctx, principal.orgId, id);
  const now = ctx.now();
  const link = {
    orgId: principal.orgId,
    id: randomUUID(),
    loadId: id,
    token: buyerLinkToken(principal.orgId, randomBytes(24)),
    showFarmName: request.showFarmName,
    createdBy: principal.userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + request.days * DAY_MS),
  };
  await insertLoadLink(ctx.db, link);
  return toLink(ctx, { ...link, revokedAt: null, openCount: 0, lastOpenedAt: null });
}

/** DELETE /loads/{id}/links/{linkId}: the link stops opening at once. */
export async function revokeLink(
  ctx: AppContext,
  principal: Principal,
  id: string,
  linkId: string,
) {
  assertMay(principal, 'loads');
  if (!(await revokeLoadLink(ctx.db, principal.orgId, id, linkId, ctx.now()))) {
    throw new AppError('NOT_FOUND', loadMessages.linkNotFound);
  }
}

/** GET /loads/{id}/ticket: the load ticket's PDF and its file name. */
export async function loadTicket(ctx: AppContext, principal: Principal, id: string) {
  const { orgId } = principal;
  const [load, organization] = await Promise.all([
    loadOf(ctx, principal, id),
    pageOrganization(ctx.db, orgId),
  ]);
  const now = ctx.now();
  const live = load.links.find(
    (link) => link.revokedAt === null && Date.parse(link.expiresAt) > now.getTime(),
  );
  const document = loadTicketPdf({
    organizationName: organization?.name ?? '',
    load: { ...load, minGrade: load.minGrade },
    totals: load.totals,
    bales: load.bales,
    system: (organization?.measurementSystem ?? 'MetricSI') as MeasurementSystem,
    rfvEnabled: organization?.rfvEnabled ?? true,
    link: live ? { url: live.url, expiresAt: new Date(live.expiresAt) } : null,
    generatedAt: now,
  });
  return { filename: `${fileNamePart(load.name)}-ticket.pdf`, document };
}

/**
 * The buyer's page of a link (public): 200 with the load while the link opens, else one 404 page
 * whatever the reason (unknown, malformed, expired, withdrawn, load deleted), so probing learns
 * nothing.
 */
export async function buyerPageOf(
  ctx: AppContext,
  token: string,
): Promise<{ statusCode: number; html: string }> {
  const gone = { statusCode: 404, html: goneBuyerPage(loadMessages.linkGone) };
  const orgId = buyerLinkOrganization(token);
  if (orgId === undefined) return gone;
  const link = await openLoadLink(ctx.db, orgId, token, ctx.now());
  const load = link && (await findLoad(ctx.db, orgId, link.loadId));
  if (!link || !load) return gone;
  const bales = await loadBales(ctx, orgId, load, pricedOnOf(ctx, load));
  const html = buyerPage({
    farmName: link.showFarmName ? link.organization.name : null,
    load: { ...load, shipped: load.status === 'shipped' },
    totals: loadTotals(bales),
    bales,
    system: link.organization.measurementSystem as MeasurementSystem,
    rfvEnabled: link.organization.rfvEnabled,
    expiresAt: link.expiresAt,
  });
  return { statusCode: 200, html };
}
