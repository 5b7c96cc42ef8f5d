import { messages } from '@baletrack/contracts/errors/messages';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import {
  type HeatmapBalesResponse,
  type HeatmapClass,
  type HeatmapIconResponse,
  type HeatmapInputResponse,
  type HeatmapOverlayResponse,
  type HeatmapQuery,
  heatmapMessages,
  heatmapOverlayResponseSchema,
} from '@baletrack/contracts/heatmaps/heatmap';
import { idwGrid } from '@baletrack/domain/heatmap/idw-grid';
import { classIndexOf, heatmapClasses } from '@baletrack/domain/heatmap/measure-classes';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { StampedEntries } from '../../lib/stamped-cache.ts';
import { baleSelection } from '../bales/bale-selection.ts';
import { readBaleStamp } from '../bales/bale-stamps.repository.ts';
import { timeRangeKey } from '../bales/time-range.ts';
import { getSettings } from '../settings/settings.service.ts';
import { type FieldBale, fieldBales } from './field-bales.ts';
import { findFieldOutline } from './heatmaps.repository.ts';

/** What every heatmap of one field, measure, dates and filter is drawn from. */
interface HeatmapBasis {
  fieldId: string;
  measure: HeatmapQuery['measure'];
  boundary: Boundary;
  bales: FieldBale[];
  classes: HeatmapClass[];
  baleCount: number;
  valueCount: number;
  emptyReason: string | null;
}

interface Resolved {
  /** Kept under `key` at the bales' stamp; computed afresh when the filter cannot be named. */
  cached: <T>(what: string, compute: () => Promise<T>) => Promise<T>;
  basis: () => Promise<HeatmapBasis>;
}

// Heatmaps kept by the bale stamp they were computed at: a few fields × measures × date ranges of
// the farms being looked at, a grid at most ~100 KB.
const heatmaps = new StampedEntries(64);

// Values travel rounded: a tenth of a kilogram, percent or RFV point is below what a map shows.
const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * The field (404 for another organization's or none), the bales' stamp and the applied dates
 * and filter (404 for another organization's filter).
 */
async function resolve(ctx: AppContext, orgId: string, query: HeatmapQuery): Promise<Resolved> {
  const [field, stamp, selection, settings] = await Promise.all([
    findFieldOutline(ctx.db, orgId, query.fieldId),
    readBaleStamp(ctx.db, orgId),
    baleSelection(ctx, orgId, query),
    // Only weight classes are in round numbers of the grower's unit.
    query.measure === 'Weight' ? getSettings(ctx, orgId) : undefined,
  ]);
  if (!field) throw new AppError('NOT_FOUND', messages.fieldCuttingCrop.fieldNotFound);
  const system = settings?.measurementSystem ?? 'MetricSI';
  const key = [
    `${field.id}@${field.updatedAt.getTime()}`,
    query.measure,
    settings ? system : '',
    timeRangeKey(selection.range),
    selection.whereKey ?? '',
  ].join('|');
  // A filter's condition that depends on more than bales (cuttings) has no name to keep it by.
  const nameless = selection.where !== undefined && selection.whereKey === undefined;
  const cached = <T>(what: string, compute: () => Promise<T>) =>
    nameless ? compute() : heatmaps.get(orgId, stamp, `${what}|${key}`, compute);
  // Stored only after validation against boundarySchema.
  const boundary = field.boundary as Boundary;
  const basis = () =>
    cached('basis', async (): Promise<HeatmapBasis> => {
      const bales = await fieldBales(ctx.db, orgId, boundary, query.measure, selection);
      const values = bales.flatMap((bale) => (bale.value === null ? [] : [bale.value]));
      const emptyReason =
        bales.length === 0
          ? heatmapMessages.noBales
          : values.length === 0
            ? heatmapMessages.noValues
            : null;
      return {
        fieldId: field.id,
        measure: query.measure,
        boundary,
        bales,
        classes: heatmapClasses(query.measure, values, system),
        baleCount: bales.length,
        valueCount: values.length,
        emptyReason,
      };
    });
  return { cached, basis };
}

function summary(basis: HeatmapBasis) {
  const { fieldId, measure, classes, baleCount, valueCount, emptyReason } = basis;
  return { fieldId, measure, classes, baleCount, valueCount, emptyReason };
}

/**
 * GET /heatmap/overlay: the IDW grid of the field's bales, clipped to its boundary, as the JSON
 * sent. Kept serialized: a grid of 16,000 cells costs more to check and serialize than to find
 * in the cache, and is checked against the contract once, when computed.
 */
export async function heatmapOverlayJson(
  ctx: AppContext,
  orgId: string,
  query: HeatmapQuery,
): Promise<string> {
  const { cached, basis } = await resolve(ctx, orgId, query);
  return cached('overlay', async () => {
    const found = await basis();
    const samples = found.bales.flatMap((bale) =>
      bale.value === null ? [] : [{ lat: bale.lat, lon: bale.lon, value: bale.value }],
    );
    // Smoothed at the bales' own spacing: the trend across the field, not one spot per bale.
    const grid = idwGrid(found.boundary, samples, { smoothingM: 'density' });
    const overlay: HeatmapOverlayResponse = {
      ...summary(found),
      grid: grid
        ? { ...grid, values: grid.values.map((v) => (v === null ? null : tenth(v))) }
        : null,
    };
    return JSON.stringify(heatmapOverlayResponseSchema.parse(overlay));
  });
}

/** GET /heatmap/icon: the Icon type's legend with the number of bales in each class. */
export async function heatmapIcon(
  ctx: AppContext,
  orgId: string,
  query: HeatmapQuery,
): Promise<HeatmapIconResponse> {
  const found = await (await resolve(ctx, orgId, query)).basis();
  const classCounts = found.classes.map(() => 0);
  for (const bale of found.bales) {
    if (bale.value === null) continue;
    const index = classIndexOf(found.classes, bale.value);
    classCounts[index] = (classCounts[index] ?? 0) + 1;
  }
  return { ...summary(found), classCounts };
}

/** GET /bales/heatmap/get: the field's bales with their value and class, for the Icon type. */
export async function heatmapBales(
  ctx: AppContext,
  orgId: string,
  query: HeatmapQuery,
): Promise<HeatmapBalesResponse> {
  const found = await (await resolve(ctx, orgId, query)).basis();
  return {
    ...summary(found),
    bales: found.bales.map((bale) => ({
      ...bale,
      classIndex: bale.value === null ? null : classIndexOf(found.classes, bale.value),
    })),
  };
}

/** GET /bales/heatmap/input: the boundary and the samples the overlay is interpolated from. */
export async function heatmapInput(
  ctx: AppContext,
  orgId: string,
  query: HeatmapQuery,
): Promise<HeatmapInputResponse> {
  const found = await (await resolve(ctx, orgId, query)).basis();
  return {
    fieldId: found.fieldId,
    measure: found.measure,
    boundary: found.boundary,
    points: found.bales.flatMap((bale) =>
      bale.value === null ? [] : [{ ...bale, value: bale.value }],
    ),
  };
}
