import type { ConvertedFeature } from '@baletrack/contracts/convert/formats';
import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import { toKML } from '@placemarkio/tokml';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { baseName, isContentEntry, type ZipEntries } from '../archive.ts';
import { unprocessable } from '../convert-error.ts';
import { nameFromAttributes, type ReadResult } from '../features.ts';
import { declaresDocumentType, finiteDecimal } from './xml-text.ts';

const corrupt = (label: string, detail = 'it is not well-formed KML.') =>
  unprocessable(convertErrorCodes.CORRUPT_FILE, messages.convert.corruptFile(label, detail));

type KmlDocument = ReturnType<DOMParser['parseFromString']>;

/**
 * Refuses a <coordinates> value that is not a finite number ("NaN", "Infinity", "1e999", "12abc"):
 * togeojson would drop it silently and shift the rest of the tuple (an altitude read as a
 * latitude). Empty values (a trailing comma) are left to togeojson, which skips them.
 */
function checkCoordinates(document: KmlDocument, label: string): void {
  const elements = document.getElementsByTagName('coordinates');
  for (let i = 0; i < elements.length; i++) {
    for (const tuple of (elements.item(i)?.textContent ?? '').trim().split(/\s+/)) {
      const bad = tuple
        .split(',')
        .find((value) => value !== '' && finiteDecimal(value) === undefined);
      if (bad !== undefined) {
        throw corrupt(
          label,
          `a <coordinates> holds "${bad.slice(0, 24)}", which is not a number (NaN or infinite).`,
        );
      }
    }
  }
}

/**
 * KML placemarks (togeojson): each Polygon or MultiGeometry of polygons a field, named by <name>.
 * A file declaring a document type or entities is refused before it is parsed; so is one with a
 * coordinate that is not a finite number.
 */
export function readKml(text: string, label = 'KML'): ReadResult {
  if (declaresDocumentType(text)) {
    throw corrupt(
      label,
      'it declares a document type or entities (<!DOCTYPE>), which we do not read. Save it ' +
        'without them and try again.',
    );
  }
  let document: KmlDocument;
  try {
    document = new DOMParser({ onError: () => {} }).parseFromString(text, 'text/xml');
  } catch {
    throw corrupt(label);
  }
  if (document.documentElement?.localName !== 'kml') throw corrupt(label);
  checkCoordinates(document, label);
  let collection: ReturnType<typeof kml>;
  try {
    // togeojson is typed against the browser's DOM; xmldom's document is the same shape.
    collection = kml(document as unknown as Parameters<typeof kml>[0]);
  } catch (error) {
    // togeojson recurses into MultiGeometry: nesting past the stack is no boundary.
    if (error instanceof RangeError) throw corrupt(label, 'its shapes are nested too deeply.');
    throw error;
  }
  const features = collection.features.map((feature) => ({
    name: nameFromAttributes(feature.properties),
    geometry: multiPolygonFromCollection(feature.geometry),
  }));
  return { features, notes: [] };
}

/** A MultiGeometry of polygons comes as a GeometryCollection: one field with several parts. */
function multiPolygonFromCollection(geometry: unknown): unknown {
  const g = geometry as { type?: string; geometries?: { type: string; coordinates: unknown }[] };
  if (g?.type !== 'GeometryCollection' || !g.geometries?.length) return geometry;
  if (!g.geometries.every((part) => part.type === 'Polygon')) return geometry;
  return { type: 'MultiPolygon', coordinates: g.geometries.map((part) => part.coordinates) };
}

/** The KML document of a KMZ: doc.kml by convention, else its first .kml. */
export function kmlEntry(entries: ZipEntries): Uint8Array | undefined {
  const paths = [...entries.keys()].filter((p) => /\.kml$/i.test(p) && isContentEntry(p));
  const main = paths.find((p) => baseName(p).toLowerCase() === 'doc.kml') ?? paths.sort()[0];
  return main ? entries.get(main) : undefined;
}

export function writeKml(features: ConvertedFeature[]): string {
  return toKML({
    type: 'FeatureCollection',
    features: features.map((f) => ({
      type: 'Feature',
      properties: { name: f.properties.name },
      geometry: f.geometry,
    })),
  });
}
