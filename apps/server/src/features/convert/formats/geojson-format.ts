import type { ConvertedFeatureCollection } from '@baletrack/contracts/convert/formats';
import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import { unprocessable } from '../convert-error.ts';
import { nameFromAttributes, type ReadFeature, type ReadResult } from '../features.ts';

const corrupt = (detail: string) =>
  unprocessable(convertErrorCodes.CORRUPT_FILE, messages.convert.corruptFile('GeoJSON', detail));

function featureOf(value: unknown): ReadFeature {
  const feature = (value ?? {}) as { type?: unknown; properties?: unknown; geometry?: unknown };
  if (feature.type !== 'Feature') return { geometry: value };
  const properties = (feature.properties ?? {}) as Record<string, unknown>;
  const text = (key: string) =>
    typeof properties[key] === 'string' ? (properties[key] as string) : undefined;
  return {
    name: nameFromAttributes(properties),
    client: text('client'),
    farm: text('farm'),
    geometry: feature.geometry,
  };
}

/**
 * Whether a number in a geometry's coordinates is not finite (JSON has no NaN, but 1e400 parses
 * as Infinity). Walks no deeper than a MultiPolygon's positions and a collection's members: deeper
 * nesting is no geometry, and the boundary checks refuse it.
 */
function hasNonFinite(geometry: unknown, collections = 1): boolean {
  const g = (geometry ?? {}) as { coordinates?: unknown; geometries?: unknown };
  const walk = (value: unknown, depth: number): boolean =>
    typeof value === 'number'
      ? !Number.isFinite(value)
      : Array.isArray(value) && depth < 4 && value.some((item) => walk(item, depth + 1));
  if (walk(g.coordinates, 0)) return true;
  return (
    collections > 0 &&
    Array.isArray(g.geometries) &&
    g.geometries.some((member) => hasNonFinite(member, collections - 1))
  );
}

function checked(features: ReadFeature[]): ReadResult {
  const bad = features.findIndex((feature) => hasNonFinite(feature.geometry));
  if (bad >= 0) {
    throw corrupt(`feature ${bad + 1} has a coordinate that is not a number (NaN or infinite).`);
  }
  return { features, notes: [] };
}

/**
 * A FeatureCollection, a single Feature, or a bare geometry (RFC 7946; always WGS 84). A
 * coordinate that is not a finite number refuses the file.
 */
export function readGeoJson(text: string): ReadResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw corrupt('it is not valid JSON.');
  }
  const root = parsed as { type?: unknown; features?: unknown };
  if (root?.type === 'FeatureCollection') {
    if (!Array.isArray(root.features)) throw corrupt('its "features" is not a list.');
    return checked(root.features.map(featureOf));
  }
  if (typeof root?.type === 'string') return checked([featureOf(root)]);
  throw corrupt('it is not a GeoJSON object.');
}

/** The API's GeoJSON answer: the fields and the report in one FeatureCollection. */
export function writeGeoJson(collection: ConvertedFeatureCollection): string {
  return JSON.stringify(collection);
}
