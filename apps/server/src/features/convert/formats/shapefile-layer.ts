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

const damaged = (detail: string) =>
  unprocessable(convertErrorCodes.CORRUPT_FILE, messages.convert.corruptFile('shapefile', detail));

/** ESRI shape types whose records list parts and points (polyline, polygon; plain, M and Z). */
const WITH_PARTS = new Set([3, 5, 13, 15, 23, 25, 31]);
/** Multipoint types: a point count, no parts. */
const MULTIPOINT = new Set([8, 18, 28]);

/**
 * Refuses a .shp whose records claim more than the file holds: a record longer than the rest of
 * the file (shpjs would silently stop reading there), or parts and points that do not fit in
 * their record. The claims are checked before anything is allocated for them.
 */
function checkShp(shp: Uint8Array, path: string): void {
  const lies = () => damaged(`${path} claims more shapes or corners than the file holds.`);
  if (shp.length < 100) throw damaged(`${path} is damaged or incomplete.`);
  const view = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  // Fewer bytes than a record header at the end are ignored, as shpjs does.
  for (let at = 100; at + 8 <= shp.length; ) {
    const size = view.getInt32(at + 4) * 2; // big-endian 16-bit words
    if (size < 0 || at + 8 + size > shp.length) throw lies();
    const content = at + 8;
    const type = size >= 4 ? view.getInt32(content, true) : 0;
    if (WITH_PARTS.has(type) && size >= 44) {
      const parts = view.getInt32(content + 36, true);
      const points = view.getInt32(content + 40, true);
      if (parts < 0 || points < 0 || 44 + 4 * parts + 16 * points > size) throw lies();
    } else if (MULTIPOINT.has(type) && size >= 40) {
      const points = view.getInt32(content + 36, true);
      if (points < 0 || 40 + 16 * points > size) throw lies();
    }
    at = content + size;
  }
}

/** Refuses a .dbf whose header claims more records than its bytes hold (parsedbf would loop). */
function checkDbf(dbf: Uint8Array, path: string): void {
  if (dbf.length < 32) throw damaged(`${path} is damaged or incomplete.`);
  const view = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  const records = view.getUint32(4, true);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  if (
    headerLength > dbf.length ||
    (records > 0 && recordLength === 0) ||
    headerLength + records * recordLength > dbf.length
  ) {
    throw damaged(
      `${path} claims ${records.toLocaleString('en-US')} records, more than its ` +
        `${dbf.length.toLocaleString('en-US')} bytes hold.`,
    );
  }
}

const finite = (position: number[]) => position.every(Number.isFinite);

/**
 * One layer's records as features in WGS 84, named from their attributes, with the CLIENT and FARM
 * columns when the .dbf has them (as SHAPE exports write them). The .shp and .dbf headers' claims are checked
 * first, and a coordinate that is NaN or infinite refuses the file (with or without a .prj).
 * With a .prj the coordinates are reprojected (proj4); without one they are taken as
 * longitude/latitude only if every coordinate fits that range (a note says so), else the layer is
 * refused: a projected file without its .prj cannot be placed on Earth.
 */
export function readShapefileLayer(layer: ShapefileLayer, notes: string[]): ReadFeature[] {
  checkShp(layer.shp, layer.path);
  if (layer.dbf) checkDbf(layer.dbf, layer.path.replace(/\.shp$/i, '.dbf'));
  let geometries: unknown[];
  let rows: Record<string, unknown>[] = [];
  try {
    geometries = parseShp(layer.shp, false);
    if (layer.dbf) rows = parseDbf(layer.dbf, text(layer.cpg));
  } catch {
    throw damaged(`${layer.path} is damaged or incomplete.`);
  }
  if (!geometries.flatMap(positionsOf).every(finite)) {
    throw damaged(`${layer.path} has a coordinate that is not a number (NaN or infinite).`);
  }
  const wkt = text(layer.prj);
  if (wkt) {
    const transform = toWgs84(wkt, layer.path.replace(/\.shp$/i, '.prj'));
    geometries = geometries.map((geometry) => mapPositions(geometry, transform));
    if (!geometries.flatMap(positionsOf).every(finite)) {
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
  return geometries.map((geometry, i) => {
    const row = rows[i];
    const client = textColumn(row, 'client');
    const farm = textColumn(row, 'farm');
    return {
      name: nameFromAttributes(row),
      ...(client ? { client } : {}),
      ...(farm ? { farm } : {}),
      geometry,
    };
  });
}

/** A text column of a .dbf record by name, ignoring case: CLIENT and FARM as we write them. */
function textColumn(row: Record<string, unknown> | undefined, name: string): string | undefined {
  const value = Object.entries(row ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
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
