import type { ConvertedFeature } from '@baletrack/contracts/convert/formats';
import { convertErrorCodes } from '@baletrack/contracts/convert/formats';
import { messages } from '@baletrack/contracts/errors/messages';
import shpWrite from '@mapbox/shp-write';
import { parseDbf, parseShp } from 'shpjs';
import { unprocessable } from '../convert-error.ts';
import { nameFromAttributes, polygonsOf, type ReadFeature } from '../features.ts';
import { windRings } from '../rings.ts';
import { looksLikeLonLat, mapPositions, positionsOf, toWgs84 } from './projection.ts';

/** The files of one shapefile layer, found by base name in an archive. */
export interface ShapefileLayer {
  /** The .shp's path in the archive, for messages. */
  path: string;
  shp: Uint8Array;
  dbf?: Uint8Array;
  prj?: Uint8Array;
  cpg?: Uint8Array;
}

const text = (bytes: Uint8Array | undefined) =>
  bytes ? new TextDecoder().decode(bytes).trim() : undefined;

/**
 * One layer's records as features in WGS 84. With a .prj the coordinates are reprojected
 * (proj4); without one they are taken as longitude/latitude only if every coordinate fits that
 * range (a note says so), else the layer is refused: a projected file without its .prj cannot
 * be placed on Earth.
 */
export function readShapefileLayer(layer: ShapefileLayer, notes: string[]): ReadFeature[] {
  let geometries: unknown[];
  let rows: Record<string, unknown>[] = [];
  try {
    geometries = parseShp(layer.shp, false);
    if (layer.dbf) rows = parseDbf(layer.dbf, text(layer.cpg));
  } catch {
    throw unprocessable(
      convertErrorCodes.CORRUPT_FILE,
      messages.convert.corruptFile('shapefile', `${layer.path} is damaged or incomplete.`),
    );
  }
  const wkt = text(layer.prj);
  if (wkt) {
    const transform = toWgs84(wkt, layer.path.replace(/\.shp$/i, '.prj'));
    geometries = geometries.map((geometry) => mapPositions(geometry, transform));
    const placed = geometries.flatMap(positionsOf).every((p) => p.every(Number.isFinite));
    if (!placed) {
      throw unprocessable(
        convertErrorCodes.UNKNOWN_PROJECTION,
        messages.convert.unknownProjection(layer.path.replace(/\.shp$/i, '.prj')),
      );
    }
  } else if (!looksLikeLonLat(geometries.flatMap(positionsOf))) {
    throw unprocessable(
      convertErrorCodes.MISSING_PROJECTION,
      messages.convert.projectedWithoutPrj(layer.path),
    );
  } else if (geometries.length > 0) {
    notes.push(messages.convert.wgs84Assumed(layer.path));
  }
  return geometries.map((geometry, i) => ({ name: nameFromAttributes(rows[i]), geometry }));
}

/** The ESRI rule: outer rings clockwise, holes counter-clockwise, all parts of one record. */
function shapefileRings(geometry: ConvertedFeature['geometry']): number[][][] {
  return polygonsOf(geometry).flatMap((rings) => windRings(rings, true));
}

/**
 * DBF text as the `dbf` package writes it (one byte per char code): the UTF-8 bytes as a
 * binary string, so any name survives, with a .cpg saying UTF-8. Cut to the field's 254 bytes.
 */
function dbfText(value: string): string {
  let bytes = new TextEncoder().encode(value);
  if (bytes.length > 254) {
    bytes = bytes.subarray(0, 254);
    while (bytes.length > 0 && ((bytes[bytes.length - 1] ?? 0) & 0xc0) === 0x80) {
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    if (bytes.length > 0 && (bytes[bytes.length - 1] ?? 0) >= 0xc0) {
      bytes = bytes.subarray(0, bytes.length - 1);
    }
  }
  return String.fromCharCode(...bytes);
}

const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]],' +
  'PRIMEM["Greenwich",0],UNIT["Degree",0.017453292519943295]]';

/** A polygon layer (.shp, .shx, .dbf, .prj, .cpg) with a NAME column (and CLIENT, FARM if any). */
export function writeShapefileLayer(features: ConvertedFeature[]): Record<string, Uint8Array> {
  const hasClient = features.some((f) => f.properties.client);
  const hasFarm = features.some((f) => f.properties.farm);
  const rows = features.map((f) => ({
    NAME: dbfText(f.properties.name),
    ...(hasClient ? { CLIENT: dbfText(f.properties.client ?? '') } : {}),
    ...(hasFarm ? { FARM: dbfText(f.properties.farm ?? '') } : {}),
  }));
  let files: Record<string, Uint8Array> | undefined;
  shpWrite.write(
    rows,
    'POLYGON',
    features.map((f) => shapefileRings(f.geometry)),
    (_, data) => {
      const bytes = (view: DataView) =>
        new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
      files = { shp: bytes(data.shp), shx: bytes(data.shx), dbf: bytes(data.dbf) };
    },
  );
  if (!files) throw new Error('shapefile writer returned nothing');
  const encoder = new TextEncoder();
  return { ...files, prj: encoder.encode(WGS84_PRJ), cpg: encoder.encode('UTF-8') };
}
