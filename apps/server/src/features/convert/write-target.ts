import type {
  ConvertedFeature,
  ConvertReport,
  SupportedFileFormat,
} from '@baletrack/contracts/convert/formats';
import { writeZip } from './archive.ts';
import { writeGeoJson } from './formats/geojson-format.ts';
import { DESIGNATOR_MAX, writeTaskData } from './formats/isoxml-write.ts';
import { writeKml } from './formats/kml-format.ts';
import { writeShapeZip } from './formats/shape-format.ts';
import { writeTrimble } from './formats/trimble-format.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** The converted file's bytes. `base` names files inside archives (e.g. north-farm.shp). */
export function writeTarget(
  target: SupportedFileFormat,
  features: ConvertedFeature[],
  base: string,
  report: ConvertReport,
): Uint8Array {
  switch (target) {
    case 'GEOJSON':
      return encode(writeGeoJson({ type: 'FeatureCollection', features, ...report }));
    case 'KML':
      return encode(writeKml(features));
    case 'KMZ':
      return writeZip({ 'doc.kml': encode(writeKml(features)) });
    case 'SHAPE':
      return writeZip(writeShapeZip(features, base));
    case 'TRIMBLE':
      return writeZip(writeTrimble(features));
    case 'ISOXML_V33':
    case 'ISOXML_V42':
    case 'ISOXML_V43':
      return writeZip({ 'TASKDATA/TASKDATA.XML': encode(writeTaskData(features, target)) });
  }
}

/** Names the target format cannot hold in full, for a note. */
export function shortenedNames(
  target: SupportedFileFormat,
  features: ConvertedFeature[],
): string[] {
  if (!target.startsWith('ISOXML')) return [];
  return features.map((f) => f.properties.name).filter((name) => [...name].length > DESIGNATOR_MAX);
}
