import type { ConvertedFeatureCollection } from '@baletrack/contracts/convert/formats';
import type { Field, SaveFieldRequest } from '@baletrack/contracts/fields/field';
import type { Boundary } from '@baletrack/contracts/geo/boundary';
import { uniqueImportNames } from '@/features/fields/utils/import-names';

/** One field read from an imported file, as the grower reviews it before saving. */
export interface ImportRow {
  /** Its position among the converted features. */
  key: number;
  name: string;
  boundary: Boundary;
  chosen: boolean;
  /** After a save attempt: saved, or the reason it was not. */
  outcome?: { saved: true } | { saved: false; message: string };
}

/** The converted features as rows, named uniquely against the organization's fields. */
export function importRows(
  collection: ConvertedFeatureCollection,
  existing: readonly Field[],
): ImportRow[] {
  const names = uniqueImportNames(
    collection.features.map((feature) => feature.properties.name),
    existing.map((field) => field.name),
  );
  return collection.features.map((feature, key) => ({
    key,
    name: names[key] ?? `Field ${key + 1}`,
    boundary: feature.geometry,
    chosen: true,
  }));
}

/**
 * Saves the chosen rows not yet saved, one request per field (a failure stops only its own
 * field), and returns the rows with each outcome. Rows saved before stay saved.
 */
export async function saveImportRows(
  rows: readonly ImportRow[],
  create: (request: SaveFieldRequest) => Promise<unknown>,
  describeError: (error: unknown) => string,
): Promise<ImportRow[]> {
  const result: ImportRow[] = [];
  for (const row of rows) {
    if (!row.chosen || row.outcome?.saved) {
      result.push(row);
      continue;
    }
    try {
      await create({ name: row.name.trim(), sizeHectares: null, boundary: row.boundary });
      result.push({ ...row, outcome: { saved: true } });
    } catch (error) {
      result.push({ ...row, outcome: { saved: false, message: describeError(error) } });
    }
  }
  return result;
}
