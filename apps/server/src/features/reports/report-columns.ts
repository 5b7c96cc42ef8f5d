import { type BaleSize, baleShapeBySize, baleSizeLabels } from '@baletrack/contracts/bales/bale';
import type { MeasurementSystem } from '@baletrack/contracts/constants';
import { type Quantity, unitOf } from '@baletrack/domain/units';
import { CRLF, numberCell, textCell } from '../../lib/csv.ts';
import type { ReportPageRow } from './reports.repository.ts';

/** What a bale's row names by id: its fields' names, its cuttings and their crops. */
export interface ReportNames {
  fieldNames: string[];
  /** By start date (the cutting rule). */
  cuttings: { name: string; cropName: string | null }[];
}

/** One bale as the report writes it: its row, names, and where it lies (stack, storage area). */
export interface ReportBale extends ReportPageRow, ReportNames {
  stackId: string | null;
  storageArea: string | null;
}

interface Column {
  header: (system: MeasurementSystem) => string;
  cell: (bale: ReportBale, system: MeasurementSystem) => string;
}

// A CSV is read by programs as much as by people: converted values keep two more digits than
// the screens show (lb to 0.01, ft and in to 0.001), dimensions are decimal feet, not ft-in.
const EXTRA_DIGITS = 2;

/** A stored SI measure in the system's unit, converted by the domain's units module. */
const measure = (
  label: string,
  quantity: Quantity,
  value: (bale: ReportBale) => number | null,
): Column => ({
  header: (system) => `${label} (${unitOf(quantity, system).symbol})`,
  cell: (bale, system) => {
    const unit = unitOf(quantity, system);
    const si = value(bale);
    return si === null ? '' : numberCell(unit.fromSI(si), unit.digits + EXTRA_DIGITS);
  },
});

/** A value written as stored (percentages, indexes, counts, degrees). */
const plain = (header: string, value: (bale: ReportBale) => number | null): Column => ({
  header: () => header,
  cell: (bale) => numberCell(value(bale)),
});

const text = (header: string, value: (bale: ReportBale) => string | null): Column => ({
  header: () => header,
  cell: (bale) => textCell(value(bale)),
});

const list = (values: readonly string[]) => values.join('; ');
const distinct = (values: (string | null)[]) => [
  ...new Set(values.filter((v): v is string => v !== null)),
];

/**
 * Every attribute of a bale (docs/product.md#bales), in the order of the report's columns, with
 * the unit in each header ("Weight (lb)"). Names come with it: baler, fields, cuttings and crops
 * (the cutting rule), stack and storage area.
 */
export const reportColumns: Column[] = [
  text('Bale UID', (b) => b.uid),
  text('Tag serial number', (b) => b.tagSerialNumber),
  text('Created (UTC)', (b) => b.creationTime.toISOString()),
  text('Updated (UTC)', (b) => b.updateTime?.toISOString() ?? null),
  plain('Creation latitude (°)', (b) => b.creationLat),
  plain('Creation longitude (°)', (b) => b.creationLon),
  plain('Current latitude (°)', (b) => b.currentLat),
  plain('Current longitude (°)', (b) => b.currentLon),
  measure('Weight', 'weight', (b) => b.weightKg),
  measure('Dry matter', 'weight', (b) => b.dryMassKg),
  plain('Average moisture (%)', (b) => b.avgMoisture),
  plain('Peak moisture (%)', (b) => b.peakMoisture),
  plain('Protein (% DM)', (b) => b.protein),
  plain('Ash (% DM)', (b) => b.ash),
  // The bale's `sugar` is shown to users as NFC (docs/product.md#bales).
  plain('NFC (% DM)', (b) => b.sugar),
  plain('ADF (% DM)', (b) => b.adf),
  plain('NDF (% DM)', (b) => b.ndf),
  plain('RFV', (b) => b.rfv),
  measure('Temperature', 'temperature', (b) => b.temperature),
  plain('Measurement quality (0-100)', (b) => b.measurementQuality),
  measure('Bale length', 'dimension', (b) => b.baleLengthM),
  measure('Bale diameter', 'dimension', (b) => b.baleDiameterM),
  measure('Cut length', 'cutLength', (b) => b.cutLengthMm),
  plain('Flake count', (b) => b.flakeCount),
  measure('Applied preservative', 'weight', (b) => b.appliedPreservativeKg),
  text('Bale size', (b) => baleSizeLabels[b.baleSize as BaleSize] ?? b.baleSize),
  text('Shape', (b) => baleShapeBySize[b.baleSize as BaleSize] ?? null),
  text('Binding', (b) => b.bindingMode),
  plain('Wraps per bale', (b) => b.wrapsPerBale),
  text('Stack type', (b) => b.stackType),
  text('Load type', (b) => b.loadType),
  text('Missing tag', (b) => (b.missingTags ? 'yes' : 'no')),
  text('Baler name', (b) => b.balerName),
  text('Baler VIN', (b) => b.balerVin),
  text('Fields', (b) => list(b.fieldNames)),
  text('Cuttings', (b) => list(b.cuttings.map((c) => c.name))),
  text('Crops', (b) => list(distinct(b.cuttings.map((c) => c.cropName)))),
  text('Stack', (b) => b.stackId),
  text('Storage area', (b) => b.storageArea),
];

/**
 * One bale's CSV row, ended with CRLF: `csvLine` of every column's cell, written without the
 * array of cells (a report writes 200,000 of them).
 */
export function reportLine(bale: ReportBale, system: MeasurementSystem): string {
  let line = '';
  for (let c = 0; c < reportColumns.length; c += 1) {
    if (c > 0) line += ',';
    line += (reportColumns[c] as Column).cell(bale, system);
  }
  return line + CRLF;
}
