import type { ConvertedFeature } from '@baletrack/contracts/convert/formats';
import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import type { ZipEntries } from '../archive.ts';
import { unprocessable } from '../convert-error.ts';
import type { ReadResult } from '../features.ts';
import { safeFileName as folder } from '../file-names.ts';
import type { Deadline } from '../limits.ts';
import { mergeParts } from '../merge-parts.ts';
import { shapefileLayers } from './shape-format.ts';
import { readShapefileLayer, writeShapefileLayer } from './shapefile-layer.ts';

/** AgGPS/Data/<client>/<farm>/<field>/Boundary.shp, anywhere in the archive. */
const BOUNDARY = /(?:^|\/)AgGPS\/Data\/([^/]+)\/([^/]+)\/([^/]+)\/Boundary\.shp$/i;

export function isTrimbleTree(entries: ZipEntries): boolean {
  return [...entries.keys()].some((path) => BOUNDARY.test(path));
}

/**
 * TRIMBLE: the AgGPS data tree of Trimble displays. Names come from the folders: the field's
 * folder is its name, its parents the client and farm (the Boundary.dbf holds no name); all
 * records of one Boundary make that one field.
 */
export function readTrimble(entries: ZipEntries, deadline: Deadline): ReadResult {
  const notes: string[] = [];
  const layers = shapefileLayers(entries).filter((layer) => BOUNDARY.test(layer.path));
  if (layers.length === 0) {
    throw unprocessable(
      convertErrorCodes.UNRECOGNIZED_FILE,
      messages.convert.notThisFormat('Trimble'),
    );
  }
  const features = layers.flatMap((layer) => {
    deadline.check();
    const [, client, farm, field] = BOUNDARY.exec(layer.path) ?? [];
    const records = readShapefileLayer(layer, notes);
    if (records.length === 0) return [];
    // One folder is one field, whatever the number of records in its Boundary.
    return [{ name: field, client, farm, geometry: mergeParts(records.map((r) => r.geometry)) }];
  });
  return { features, notes };
}

/** One Boundary shapefile per field, at AgGPS/Data/<client>/<farm>/<field>/. */
export function writeTrimble(features: ConvertedFeature[]): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  const used = new Set<string>();
  for (const feature of features) {
    const { client = 'Baletrack', farm = 'Farm', name } = feature.properties;
    const parent = `AgGPS/Data/${folder(client)}/${folder(farm)}`;
    let dir = `${parent}/${folder(name)}`;
    for (let n = 2; used.has(dir.toLowerCase()); n++) dir = `${parent}/${folder(name)} (${n})`;
    used.add(dir.toLowerCase());
    for (const [ext, bytes] of Object.entries(writeShapefileLayer([feature]))) {
      files[`${dir}/Boundary.${ext}`] = bytes;
    }
  }
  return files;
}
