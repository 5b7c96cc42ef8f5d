import { randomUUID } from 'node:crypto';
import { cropSchema } from '@baletrack/contracts/crops/crop';
import { cuttingSchema } from '@baletrack/contracts/cuttings/cutting';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import type { IngestBale, IngestResponse } from '@baletrack/contracts/ingest/ingest';
import type { AppContext } from '../../src/app-context.ts';
import { createBaler } from '../../src/features/balers/balers.service.ts';
import { insertFields } from '../../src/features/fields/fields.repository.ts';
import { insertGeofences } from '../../src/features/geofences/geofences.repository.ts';
import { insertSubscriptionMonths } from '../../src/features/subscriptions/subscription-months.repository.ts';
import { newConfirmedUser, signIn } from './identity.ts';
import type { TestApp } from './test-app.ts';

const VIN_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const VIN_CHARACTERS = `${VIN_LETTERS}0123456789`;
const pick = (from: string) => from[Math.floor(Math.random() * from.length)];

/**
 * A random, well-formed 17-character VIN. It starts with a letter: North American VINs (1–5)
 * carry a check digit that a random one would fail.
 */
export function newVin(): string {
  return [pick(VIN_LETTERS), ...Array.from({ length: 16 }, () => pick(VIN_CHARACTERS))].join('');
}

/**
 * A baler of the organization with its ingest key, subscribed (active) for the given months
 * ('YYYY-MM'); by default June 2025, the month `newBale` makes bales in.
 */
export async function newBaler(
  ctx: AppContext,
  orgId: string,
  options: { name?: string; vin?: string; activeMonths?: string[] } = {},
) {
  const { baler, apiKey } = await createBaler(ctx, orgId, {
    vin: options.vin ?? newVin(),
    name: options.name ?? 'Test Baler',
  });
  await subscribe(ctx, orgId, baler.id, options.activeMonths ?? ['2025-06']);
  return { ...baler, apiKey };
}

/** Makes months ('YYYY-MM') active for a baler. */
export async function subscribe(ctx: AppContext, orgId: string, balerId: string, months: string[]) {
  await insertSubscriptionMonths(
    ctx.db,
    orgId,
    months.map((month) => ({ balerId, month: `${month}-01`, status: 'active' as const })),
  );
}

/** A square outline of `sizeDegrees` around a centre (lon, lat). */
export function square(
  lon: number,
  lat: number,
  sizeDegrees = 0.01,
): Extract<Boundary, { type: 'Polygon' }> {
  const h = sizeDegrees / 2;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon - h, lat - h],
        [lon + h, lat - h],
        [lon + h, lat + h],
        [lon - h, lat + h],
        [lon - h, lat - h],
      ],
    ],
  };
}

export async function newField(
  ctx: AppContext,
  orgId: string,
  options: { name?: string; boundary?: Boundary } = {},
) {
  const boundary = options.boundary ?? square(-120.5, 46.6);
  const name = options.name ?? 'North 40';
  const [id] = await insertFields(ctx.db, orgId, [{ name, boundary }]);
  return { id: id as string, name, boundary };
}

export async function newGeofence(
  ctx: AppContext,
  orgId: string,
  options: { name?: string; boundary: Boundary },
) {
  const name = options.name ?? 'Hay yard';
  const [id] = await insertGeofences(ctx.db, orgId, [{ name, boundary: options.boundary }]);
  return { id: id as string, name };
}

let baleCounter = 0;

/** A realistic bale record as a baler sends it, made in June 2025 near (-120.5, 46.6). */
export function newBale(overrides: Partial<IngestBale> = {}): IngestBale {
  baleCounter += 1;
  const location = overrides.creationLocation ?? { lat: 46.6, lon: -120.5 };
  return {
    uid: `BALE-${randomUUID().slice(0, 8)}-${baleCounter}`,
    tagSerialNumber: `TAG${randomUUID().replaceAll('-', '').slice(0, 13).toUpperCase()}`,
    creationTime: '2025-06-02T14:31:07Z',
    creationLocation: location,
    currentLocation: location,
    updateTime: null,
    weightKg: 640,
    avgMoisture: 13,
    peakMoisture: 16,
    protein: 19.5,
    ash: 10.1,
    sugar: 24,
    temperature: 27,
    measurementQuality: 92,
    baleLengthMeters: 2.4,
    baleDiameterMeters: null,
    cutLengthMM: 38,
    flakeCount: 34,
    appliedPreservativeKg: 0,
    baleSize: 'FourXFour',
    adf: 30,
    ndf: 40,
    loadType: 'internal',
    bindingMode: 'Twine',
    wrapsPerBale: null,
    stackType: null,
    missingTags: false,
    ...overrides,
  };
}

/** POST /ingest/v1/bales with a baler's key; `body` may be anything to test refusals. */
export function postIngest(
  t: TestApp,
  apiKey: string | undefined,
  body: unknown,
  init: { contentType?: string; raw?: string } = {},
) {
  const headers: Record<string, string> = {
    'content-type': init.contentType ?? 'application/json',
  };
  if (apiKey !== undefined) headers['x-api-key'] = apiKey;
  return fetch(`${t.url}/ingest/v1/bales`, {
    method: 'POST',
    headers,
    body: init.raw ?? JSON.stringify(body),
  });
}

/** Ingests bales and fails the test unless the server answered 200. */
export async function ingest(
  t: TestApp,
  apiKey: string,
  bales: unknown[],
): Promise<IngestResponse> {
  const response = await postIngest(t, apiKey, { bales });
  const body = await response.json();
  if (response.status !== 200)
    throw new Error(`ingest ${response.status}: ${JSON.stringify(body)}`);
  return body as IngestResponse;
}

/** An organization's owner, signed in, with a fetch helper for the data API. */
export async function newFarm(t: TestApp, organizationName?: string) {
  const owner = await newConfirmedUser(t.ctx, { organizationName });
  const tokens = await signIn(t, owner.email, owner.password);
  // The data API through one process of the installation (`t`, or another on its database).
  const client = (base: TestApp) => {
    const call = (
      method: string,
      path: string,
      query: Record<string, unknown> = {},
      body?: unknown,
    ) => {
      const search = new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]): [string, string] => [k, String(v)]),
      );
      const qs = search.size > 0 ? `?${search}` : '';
      return fetch(`${base.url}/data-api${path}${qs}`, {
        method,
        headers: {
          authorization: tokens.IdToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    };
    return {
      get: (path: string, query?: Record<string, unknown>) => call('GET', path, query),
      post: (path: string, body: unknown) => call('POST', path, {}, body),
      put: (path: string, body: unknown) => call('PUT', path, {}, body),
      delete: (path: string) => call('DELETE', path),
      /** Any method with a query and an optional JSON body (crops take their name as a query). */
      call,
    };
  };
  return {
    orgId: owner.orgId,
    owner,
    ...client(t),
    /** The same calls, signed in the same, through another process on the same database. */
    through: client,
  };
}

export type Farm = Awaited<ReturnType<typeof newFarm>>;

/** Metres to degrees near latitude 46.6 (the test farms' latitude). */
export const metres = {
  lat: (m: number) => m / 111_320,
  lon: (m: number) => m / (111_320 * Math.cos((46.6 * Math.PI) / 180)),
};

/**
 * Bales made in a field and since moved to lie side by side, 1.5 m apart, at a yard: a stack.
 */
export function stackedBales(
  count: number,
  yard: { lat: number; lon: number },
  overrides: Partial<IngestBale> = {},
): IngestBale[] {
  return Array.from({ length: count }, (_, i) =>
    newBale({
      creationLocation: { lat: 46.6 + metres.lat(30 * i), lon: -120.5 },
      currentLocation: { lat: yard.lat, lon: yard.lon + metres.lon(1.5 * i) },
      updateTime: '2025-06-20T10:00:00Z',
      ...overrides,
    }),
  );
}

/** How many bales the organization has stored (visible, locked or not). */
export async function storedBaleCount(ctx: AppContext, orgId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('bales')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('orgId', '=', orgId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A baler-registry entry's fields, naming no one's email (the registry calls' body). */
export const registryFields = {
  registered: true,
  acmEmail: null,
  acmStatus: 'Active',
  acmExpiry: '2027-12-31T23:59:59Z',
};

/** The June 2025 cutting of the fields the grower makes, through the API, of a crop made first. */
export const JUNE_CUTTING = {
  name: 'June cutting',
  year: 2025,
  startDate: '2025-06-01',
  endDate: '2025-06-30',
};

/**
 * A crop named `cropName` (a legume by default) and a June 2025 cutting of it on the fields, made
 * as the grower makes them; fails the test on any other answer than 201.
 */
export async function juneCutting(farm: Farm, fieldIds: string[], cropName = 'Alfalfa') {
  const made = async (response: Response) => {
    if (response.status !== 201) throw new Error(`${response.status}: ${await response.text()}`);
    return response.json();
  };
  const crop = cropSchema.parse(await made(await farm.call('POST', '/crops', { name: cropName })));
  const cutting = cuttingSchema.parse(
    await made(await farm.post('/cuttings', { ...JUNE_CUTTING, fieldIds, cropId: crop.id })),
  );
  return { crop, cutting };
}

/**
 * As after an upgrade: the organization's cells and tiles marked as summed by another rule, and
 * `table`'s rows made wrong (every count 99), for the catch-up to rebuild them.
 */
export async function markSummedByAnotherRule(
  ctx: AppContext,
  orgId: string,
  table: 'baleCells' | 'baleTileTotals',
) {
  await ctx.db
    .updateTable('baleVersions')
    .set({ cellsRule: 'an older rule' })
    .where('orgId', '=', orgId)
    .execute();
  await ctx.db.updateTable(table).set({ count: 99 }).where('orgId', '=', orgId).execute();
}
