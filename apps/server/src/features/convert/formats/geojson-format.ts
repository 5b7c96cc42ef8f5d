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

/** A FeatureCollection, a single Feature, or a bare geometry (RFC 7946; always WGS 84). */
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
    return { features: root.features.map(featureOf), notes: [] };
  }
  if (typeof root?.type === 'string') return { features: [featureOf(root)], notes: [] };
  throw corrupt('it is not a GeoJSON object.');
}

/** The API's GeoJSON answer: the fields and the report in one FeatureCollection. */
export function writeGeoJson(collection: ConvertedFeatureCollection): string {
  return JSON.stringify(collection);
}
