import type { ConvertedFeature } from '@baletrack/contracts/convert/formats';
import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import { toKML } from '@placemarkio/tokml';
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { baseName, isContentEntry, type ZipEntries } from '../archive.ts';
import { unprocessable } from '../convert-error.ts';
import { nameFromAttributes, type ReadResult } from '../features.ts';

const corrupt = (label: string) =>
  unprocessable(
    convertErrorCodes.CORRUPT_FILE,
    messages.convert.corruptFile(label, 'it is not well-formed KML.'),
  );

/** KML placemarks (togeojson): each Polygon or MultiGeometry of polygons a field, named by <name>. */
export function readKml(text: string, label = 'KML'): ReadResult {
  let document: ReturnType<DOMParser['parseFromString']>;
  try {
    document = new DOMParser({ onError: () => {} }).parseFromString(text, 'text/xml');
  } catch {
    throw corrupt(label);
  }
  if (document.documentElement?.localName !== 'kml') throw corrupt(label);
  // togeojson is typed against the browser's DOM; xmldom's document is the same shape.
  const collection = kml(document as unknown as Parameters<typeof kml>[0]);
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
