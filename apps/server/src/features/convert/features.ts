import { tidyFileName } from '@baletrack/contracts/common/name';
import type {
  ConvertedFeature,
  RefusedFeature,
  SupportedFileFormat,
} from '@baletrack/contracts/convert/formats';
import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import { boundarySchema } from '@baletrack/contracts/geo/boundary';
import { AppError } from '../../lib/app-error.ts';
import { checkBoundary } from '../fields/boundary-checks.ts';
import { ConvertError, unprocessable } from './convert-error.ts';
import type { Deadline } from './limits.ts';
import { windRings } from './rings.ts';

/** One shape as a reader found it, before it is checked: geometry is untrusted GeoJSON. */
export interface ReadFeature {
  name?: string;
  client?: string;
  farm?: string;
  geometry: unknown;
  /** Set by a reader that already knows the feature is unusable. */
  refusal?: string;
}

/** What a reader returns: the shapes in file order, and notes for the grower. */
export interface ReadResult {
  features: ReadFeature[];
  notes: string[];
  /** The format read, when the file says more than the request did (ISOXML's version). */
  format?: SupportedFileFormat;
}

/** Attribute names a field's name is found under, most telling first (compared ignoring case). */
const NAME_KEYS = [
  'name',
  'field_name',
  'fieldname',
  'field',
  'fld_name',
  'partfield',
  'designator',
  'title',
  'label',
  'description',
];

/** A field's name from a record's attributes (shapefile DBF, GeoJSON or KML properties). */
export function nameFromAttributes(properties: unknown): string | undefined {
  if (!properties || typeof properties !== 'object') return undefined;
  const byKey = new Map(
    Object.entries(properties).map(([key, value]) => [key.toLowerCase(), value] as const),
  );
  for (const key of NAME_KEYS) {
    const value = byKey.get(key);
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

function refusalOf(
  geometry: unknown,
): { reason: string } | { boundary: ConvertedFeature['geometry'] } {
  const m = messages.convert;
  if (!geometry || typeof geometry !== 'object') return { reason: m.noGeometry };
  const type = (geometry as { type?: unknown }).type;
  if (type !== 'Polygon' && type !== 'MultiPolygon') {
    return { reason: m.notAnArea(typeof type === 'string' ? type : 'shape') };
  }
  const parsed = boundarySchema.safeParse(geometry);
  if (!parsed.success) {
    return { reason: parsed.error.issues[0]?.message ?? messages.validation.invalidRequest };
  }
  try {
    // The same checks as a field drawn on the map (fields/boundary-checks.ts): one place.
    const checked = checkBoundary(parsed.data);
    // RFC 7946 winding, whatever the source's: outlines counter-clockwise, holes clockwise.
    return {
      boundary:
        checked.type === 'Polygon'
          ? { type: 'Polygon', coordinates: windRings(checked.coordinates, false) }
          : {
              type: 'MultiPolygon',
              coordinates: checked.coordinates.map((rings) => windRings(rings, false)),
            },
    };
  } catch (error) {
    if (error instanceof AppError) return { reason: error.message };
    throw error;
  }
}

/**
 * Splits what a reader found into usable fields (named, checked, tidied) and refusals. Throws a
 * 422 when nothing is usable: an empty file, or every shape refused (the first reason leads).
 */
export async function acceptFeatures(
  read: ReadResult,
  deadline: Deadline,
): Promise<{ features: ConvertedFeature[]; refused: RefusedFeature[] }> {
  const features: ConvertedFeature[] = [];
  const refused: RefusedFeature[] = [];
  for (const [index, found] of read.features.entries()) {
    await deadline.pause();
    // Names as they will save: a file's control characters and line breaks are not kept.
    const [name, client, farm] = [found.name, found.client, found.farm].map(tidyFileName);
    const outcome = found.refusal ? { reason: found.refusal } : refusalOf(found.geometry);
    if ('reason' in outcome) {
      refused.push({ index, ...(name ? { name } : {}), reason: outcome.reason });
      continue;
    }
    features.push({
      type: 'Feature',
      properties: {
        name: name ?? `Field ${index + 1}`,
        ...(client ? { client } : {}),
        ...(farm ? { farm } : {}),
      },
      geometry: outcome.boundary,
    });
  }
  if (read.features.length === 0) {
    throw unprocessable(convertErrorCodes.EMPTY_FILE, messages.convert.noFields);
  }
  if (features.length === 0) {
    const first = refused[0]?.reason ?? messages.convert.noFields;
    throw new ConvertError(
      422,
      convertErrorCodes.NO_USABLE_FEATURES,
      refused.length === 1 ? first : messages.convert.noUsableFields(refused.length, first),
      refused.map((r) => ({ path: `features.${r.index}`, message: r.reason })),
    );
  }
  return { features, refused };
}

/** The rings of every polygon of a boundary. */
export function polygonsOf(geometry: ConvertedFeature['geometry']): number[][][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}
