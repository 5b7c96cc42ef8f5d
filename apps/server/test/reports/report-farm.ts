import { emptyFilter, type FilterDefinition } from '@baletrack/contracts/filters/filter';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { insertCrops } from '../../src/features/crops/crops.repository.ts';
import { insertCuttings } from '../../src/features/cuttings/cuttings.repository.ts';
import {
  ingest,
  metres,
  newBale,
  newBaler,
  newFarm,
  newField,
  newGeofence,
  square,
} from '../helpers/farm.ts';
import type { TestApp } from '../helpers/test-app.ts';

// Four visible bales with every value written out, so each cell of the report is known by hand:
//
// uid    made        field          cutting (crop)        weight moist dry    temp  length diam cut  preservative
// RPT-A  06-02 14:31 North 40, "…"  1st cutting (Alfalfa) 500    12    440    20    2.4    –    38   0
// RPT-B  06-10 09:00 none (moved)   –                     450    20    360    –     –      1.5  –    2.5
// RPT-C  06-20 12:00 North 40, "…"  – (after the cutting) 700    14    602    27    2.4    –    38   0
// RPT-D  06-11 10:00 East (moved)   –                     640    13    556.8  27    2.4    –    38   0
//
// B and D were moved 1.5 m apart into the Hay yard: one stack, stored there. Plus a bale made in
// July (the baler is subscribed for June only: locked) and another farm's bale; neither may show.

const north = { lon: -120.5, lat: 46.6 };
const east = { lon: -120.4, lat: 46.6 };
const yard = { lon: -120.45, lat: 46.65 };

const bales: IngestBale[] = [
  newBale({
    uid: 'RPT-A',
    tagSerialNumber: 'TAGA0001',
    creationTime: '2025-06-02T14:31:07Z',
    creationLocation: north,
    currentLocation: north,
    weightKg: 500,
    avgMoisture: 12,
    peakMoisture: 15,
    protein: 20,
    ash: 10,
    sugar: 25,
    adf: 30,
    ndf: 40,
    temperature: 20,
    measurementQuality: 92,
    // A baler's free text that a spreadsheet would run as a formula.
    stackType: '=SUM(A1)',
  }),
  newBale({
    uid: 'RPT-B',
    tagSerialNumber: null,
    missingTags: true,
    creationTime: '2025-06-10T09:00:00Z',
    creationLocation: { lon: -120.3, lat: 46.6 },
    currentLocation: yard,
    updateTime: '2025-06-12T08:00:00Z',
    weightKg: 450,
    avgMoisture: 20,
    peakMoisture: 24,
    protein: 14,
    ash: 9,
    sugar: null,
    adf: null,
    ndf: null,
    temperature: null,
    measurementQuality: 80,
    baleLengthMeters: null,
    baleDiameterMeters: 1.5,
    cutLengthMM: null,
    flakeCount: null,
    appliedPreservativeKg: 2.5,
    baleSize: 'FiveFeet',
    bindingMode: 'Mesh',
    wrapsPerBale: 4,
    stackType: 'Round row',
    loadType: 'retail',
  }),
  newBale({
    uid: 'RPT-C',
    tagSerialNumber: 'TAGC0003',
    creationTime: '2025-06-20T12:00:00Z',
    creationLocation: north,
    currentLocation: north,
    weightKg: 700,
    avgMoisture: 14,
    peakMoisture: 17,
  }),
  newBale({
    uid: 'RPT-D',
    tagSerialNumber: 'TAGD0004',
    creationTime: '2025-06-11T10:00:00Z',
    creationLocation: east,
    currentLocation: { lat: yard.lat, lon: yard.lon + metres.lon(1.5) },
    updateTime: '2025-06-12T08:05:00Z',
    baleSize: 'ThreeXFour',
  }),
];

/** The farm above (owner's data API calls), its filters' makers, and another farm. */
export async function reportFarm(t: TestApp) {
  const farm = await newFarm(t, 'Prés du Lac Farm');
  const other = await newFarm(t, 'Other Report Farm');
  const { id: northId } = await newField(t.ctx, farm.orgId, {
    name: 'North 40, "Home"',
    boundary: square(north.lon, north.lat),
  });
  await newField(t.ctx, farm.orgId, { name: 'East', boundary: square(east.lon, east.lat) });
  await newGeofence(t.ctx, farm.orgId, { name: 'Hay yard', boundary: square(yard.lon, yard.lat) });
  const [alfalfa] = await insertCrops(t.ctx.db, farm.orgId, [{ name: 'Alfalfa' }]);
  await insertCuttings(t.ctx.db, farm.orgId, [
    {
      name: '1st cutting',
      startDate: '2025-06-01',
      endDate: '2025-06-05',
      year: 2025,
      cropId: alfalfa as string,
      fieldIds: [northId],
    },
  ]);
  const baler = await newBaler(t.ctx, farm.orgId, { name: '@Baler one' });
  await ingest(t, baler.apiKey, [
    ...bales,
    newBale({ uid: 'RPT-LOCKED', creationTime: '2025-07-03T10:00:00Z' }),
  ]);
  const otherBaler = await newBaler(t.ctx, other.orgId);
  await ingest(t, otherBaler.apiKey, [newBale({ uid: 'RPT-OTHER' })]);

  let filters = 0;
  /** Saves a filter on the farm (every bale unless told otherwise); returns its id. */
  const saveFilter = async (definition: Partial<FilterDefinition> = {}) => {
    filters += 1;
    const response = await farm.post('/filters/create', {
      ...emptyFilter,
      ...definition,
      name: `Report filter ${filters}`,
    });
    if (response.status !== 201) throw new Error(`filter: ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  return { farm, other, baler, northId, saveFilter };
}
