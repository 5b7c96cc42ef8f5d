import type { ConvertedFeature } from '@baletrack/contracts/convert/formats';
import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import { isContentEntry, type ZipEntries } from '../archive.ts';
import { unprocessable } from '../convert-error.ts';
import type { ReadResult } from '../features.ts';
import type { Deadline } from '../limits.ts';
import { readShapefileLayer, type ShapefileLayer, writeShapefileLayer } from './shapefile-layer.ts';

/** Every shapefile layer in an archive (a .shp with its .dbf/.prj/.cpg beside it), in archive order. */
export function shapefileLayers(entries: ZipEntries): ShapefileLayer[] {
  const byBase = new Map<string, Partial<ShapefileLayer>>();
  for (const [path, bytes] of entries) {
    const match = /^(.*)\.(shp|dbf|prj|cpg)$/i.exec(path);
    if (!match?.[1] || !match[2] || !isContentEntry(path)) continue;
    const base = match[1].toLowerCase();
    const layer = byBase.get(base) ?? {};
    const ext = match[2].toLowerCase() as 'shp' | 'dbf' | 'prj' | 'cpg';
    layer[ext] = bytes;
    if (ext === 'shp') layer.path = path;
    byBase.set(base, layer);
  }
  return [...byBase.values()].filter(
    (layer): layer is ShapefileLayer => layer.shp !== undefined && layer.path !== undefined,
  );
}

/** SHAPE: a zip with one or more polygon shapefiles, anywhere in it. */
export function readShapeZip(entries: ZipEntries, deadline: Deadline): ReadResult {
  const layers = shapefileLayers(entries);
  if (layers.length === 0) {
    throw unprocessable(
      convertErrorCodes.UNRECOGNIZED_FILE,
      messages.convert.notThisFormat('Shapefile'),
    );
  }
  const notes: string[] = [];
  const features = layers.flatMap((layer) => {
    deadline.check();
    return readShapefileLayer(layer, notes);
  });
  return { features, notes };
}

/** One layer named after the upload, e.g. fields.shp, fields.dbf… at the zip's root. */
export function writeShapeZip(
  features: ConvertedFeature[],
  base: string,
): Record<string, Uint8Array> {
  const layer = writeShapefileLayer(features);
  return Object.fromEntries(Object.entries(layer).map(([ext, bytes]) => [`${base}.${ext}`, bytes]));
}
