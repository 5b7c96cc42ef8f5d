import type { BaleTimeFilter } from '@baletrack/contracts/bales/bale-query';
import {
  type AllBalesQuery,
  type AvailableYearsResponse,
  BALES_RESPONSE_LIMIT,
  type BaleInfoResponse,
  type BalerActiveBalesResponse,
  type BalesPageQuery,
  type BalesPageResponse,
  type BalesQuery,
  type BalesResponse,
} from '@baletrack/contracts/bales/bale-reads';
import { mapMessages } from '@baletrack/contracts/map/map';
import { cropYearOf } from '@baletrack/domain/crop-year';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findBaler, listBalers } from '../balers/balers.repository.ts';
import { findSettings } from '../settings/settings.repository.ts';
import { readCellMonths } from './bale-cells.repository.ts';
import { toBale } from './bale-row.ts';
import { baleSelection, selectedTimeRange } from './bale-selection.ts';
import {
  countBalesPerBaler,
  findVisibleBale,
  listFieldNames,
  listVisibleBalesInBounds,
  listVisibleBalesPage,
  listVisibleMonths,
} from './bales.repository.ts';
import { listBaleCuttings } from './cutting-membership.repository.ts';
import { readStackOf } from './stacks.repository.ts';
import { storageAreaAt } from './storage-area.ts';

/** Bales lying in a map view, at most BALES_RESPONSE_LIMIT of them. */
export async function balesInView(
  ctx: AppContext,
  orgId: string,
  query: BalesQuery,
): Promise<BalesResponse> {
  const { range, where } = await baleSelection(ctx, orgId, query);
  const rows = await listVisibleBalesInBounds(
    ctx.db,
    orgId,
    query,
    range,
    BALES_RESPONSE_LIMIT + 1,
    where,
  );
  return {
    bales: rows.slice(0, BALES_RESPONSE_LIMIT).map(toBale),
    truncated: rows.length > BALES_RESPONSE_LIMIT,
  };
}

/** The first BALES_RESPONSE_LIMIT bales in uid order; /bales/all-paginated pages through all. */
export async function allBales(
  ctx: AppContext,
  orgId: string,
  query: AllBalesQuery,
): Promise<BalesResponse> {
  const { range, where } = await baleSelection(ctx, orgId, query);
  const rows = await listVisibleBalesPage(
    ctx.db,
    orgId,
    range,
    undefined,
    BALES_RESPONSE_LIMIT + 1,
    where,
  );
  return {
    bales: rows.slice(0, BALES_RESPONSE_LIMIT).map(toBale),
    truncated: rows.length > BALES_RESPONSE_LIMIT,
  };
}

/** The cursor is the last uid of a page, opaque to clients. */
const encodeCursor = (uid: string) => Buffer.from(uid, 'utf8').toString('base64url');

function decodeCursor(cursor: string): string {
  const uid = Buffer.from(cursor, 'base64url').toString('utf8');
  if (uid === '' || encodeCursor(uid) !== cursor) {
    throw new AppError('VALIDATION_FAILED', mapMessages.cursorInvalid, [
      { path: 'cursor', message: mapMessages.cursorInvalid },
    ]);
  }
  return uid;
}

export async function balesPage(
  ctx: AppContext,
  orgId: string,
  query: BalesPageQuery,
): Promise<BalesPageResponse> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const { range, where } = await baleSelection(ctx, orgId, query);
  const rows = await listVisibleBalesPage(ctx.db, orgId, range, after, query.limit + 1, where);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    bales: page.map(toBale),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.uid) : null,
  };
}

/** One bale with its fields' and baler's names, its stack, storage area, cuttings and crops. */
export async function baleInfo(
  ctx: AppContext,
  orgId: string,
  uid: string,
): Promise<BaleInfoResponse> {
  const row = await findVisibleBale(ctx.db, orgId, uid);
  if (!row) throw new AppError('NOT_FOUND', mapMessages.baleNotFound);
  const [fields, baler, stack, geofence, cuttings] = await Promise.all([
    listFieldNames(ctx.db, orgId, row.fieldUids),
    findBaler(ctx.db, orgId, row.balerId),
    readStackOf(ctx.db, orgId, uid, { lat: row.currentLat, lon: row.currentLon }),
    storageAreaAt(ctx, orgId, { lon: row.currentLon, lat: row.currentLat }),
    listBaleCuttings(ctx.db, orgId, uid),
  ]);
  return {
    bale: toBale(row),
    fields,
    baler: { id: row.balerId, name: baler?.name ?? '', vin: baler?.vin ?? row.balerVin },
    stackId: stack?.id ?? null,
    geofence,
    cuttings: cuttings.map((c) => ({
      id: c.id,
      name: c.name,
      year: c.year,
      crop: c.cropId && c.cropName ? { id: c.cropId, name: c.cropName } : null,
    })),
  };
}

/** Crop years (the organization's start month) in which visible bales were made. */
export async function availableYears(
  ctx: AppContext,
  orgId: string,
): Promise<AvailableYearsResponse> {
  const [cellMonths, settings] = await Promise.all([
    readCellMonths(ctx.db, orgId),
    findSettings(ctx.db, orgId),
  ]);
  // The cells name every month unless they are being summed again: then the bales do.
  const months = cellMonths ?? (await listVisibleMonths(ctx.db, orgId));
  const startMonth = settings?.cropYearStartMonth ?? 1;
  const years = new Set<number>();
  // A month lies in one crop year whatever its day: the months say them all.
  for (const month of months) years.add(cropYearOf(Date.parse(`${month}T00:00:00Z`), startMonth));
  return { years: [...years].sort((a, b) => a - b) };
}

/** Every baler of the organization with its visible and locked bales in the date range. */
export async function balerActiveBales(
  ctx: AppContext,
  orgId: string,
  filter: BaleTimeFilter,
): Promise<BalerActiveBalesResponse> {
  const [balers, counts] = await Promise.all([
    listBalers(ctx.db, orgId),
    selectedTimeRange(ctx, orgId, filter).then((range) => countBalesPerBaler(ctx.db, orgId, range)),
  ]);
  const visible = new Map(counts.visible.map((c) => [c.balerId, c]));
  const locked = new Map(counts.locked.map((c) => [c.balerId, c.count]));
  return {
    balers: balers.map((baler) => {
      const seen = visible.get(baler.id);
      const lastBaleAt = seen?.lastBaleAt ? new Date(seen.lastBaleAt).toISOString() : null;
      return {
        id: baler.id,
        name: baler.name,
        vin: baler.vin,
        active: baler.active,
        baleCount: seen?.count ?? 0,
        lockedCount: locked.get(baler.id) ?? 0,
        lastBaleAt,
      };
    }),
  };
}
