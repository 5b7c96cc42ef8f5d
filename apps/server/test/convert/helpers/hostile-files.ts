/**
 * Hostile uploads for the conversion tests, one builder per trick: headers that lie, files that
 * expand, files that keep a parser busy, coordinates that are not numbers, XML declarations.
 */
import { zipSync } from 'fflate';
import { encodeDbf, encodeShp, type ShapeRecord } from './esri-shapefile.ts';
import { WGS84_PRJ } from './make-fixtures.ts';
import { rectangle } from './sample-fields.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** A field near Yakima, outline clockwise (the ESRI order). */
export const CORNERS = rectangle(-120.5, 46.6, -120.49, 46.61).toReversed();

/** Rewrites every declared uncompressed size in a zip (local headers and central directory). */
export function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

export interface LayerFiles {
  shp: Uint8Array;
  shx: Uint8Array;
  dbf: Uint8Array;
  prj?: string;
}

/** One shapefile layer of the given records (one NAME row each), optionally with a .prj. */
export function layer(records: ShapeRecord[], prj?: string): LayerFiles {
  const { shp, shx } = encodeShp(records);
  const dbf = encodeDbf(
    records.map((_, i) => ({ NAME: `Lot ${i + 1}`, ...records[i]?.attributes })),
  );
  return { shp, shx, dbf, ...(prj === undefined ? {} : { prj }) };
}

/** A layer of one field whose rings are given. */
export const oneField = (rings: number[][][], prj?: string) =>
  layer([{ rings, attributes: {} }], prj);

function files(base: string, files: LayerFiles): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {
    [`${base}.shp`]: files.shp,
    [`${base}.shx`]: files.shx,
    [`${base}.dbf`]: files.dbf,
  };
  if (files.prj !== undefined) out[`${base}.prj`] = encode(files.prj);
  return out;
}

/** SHAPE: the layer as f.shp… at the zip's root. */
export const shapeZip = (files_: LayerFiles) => zipSync(files('f', files_));

/** TRIMBLE: the layer as the Boundary of AgGPS/Data/Jones/Home/<field>/. */
export const trimbleZip = (files_: LayerFiles, field = 'North') =>
  zipSync(files(`AgGPS/Data/Jones/Home/${field}/Boundary`, files_));

/** The reader's zip of a layer, by format. */
export const layerZip = (format: 'SHAPE' | 'TRIMBLE', files_: LayerFiles) =>
  format === 'SHAPE' ? shapeZip(files_) : trimbleZip(files_);

/** The .shp's first record claiming `points` corners (its bytes unchanged otherwise). */
export function claimCorners(shp: Uint8Array, points: number): Uint8Array {
  const out = shp.slice();
  new DataView(out.buffer).setInt32(100 + 8 + 40, points, true);
  return out;
}

/** The .shp's first record claiming to be `words` 16-bit words long. */
export function claimRecordLength(shp: Uint8Array, words: number): Uint8Array {
  const out = shp.slice();
  new DataView(out.buffer).setInt32(100 + 4, words);
  return out;
}

/** The .dbf claiming `records` records. */
export function claimRecords(dbf: Uint8Array, records: number): Uint8Array {
  const out = dbf.slice();
  new DataView(out.buffer).setUint32(4, records, true);
  return out;
}

/** A .shp of `count` empty (null) records with an empty header: 8 bytes a record, no content. */
export function emptyRecords(count: number): Uint8Array {
  const shp = new Uint8Array(100 + 8 * count);
  const view = new DataView(shp.buffer);
  view.setInt32(0, 9994);
  view.setInt32(24, shp.length / 2);
  view.setInt32(28, 1000, true);
  view.setInt32(32, 5, true);
  return shp;
}

/**
 * One polygon record of `count` small squares in a grid, every other one wound the other way:
 * shpjs sorts outlines from holes by comparing each hole with every outline, so the work grows
 * with the square of `count` in one synchronous call (30,000 squares: seconds, from 300 kB).
 */
export function manySquares(count: number): LayerFiles {
  const rings = Array.from({ length: count }, (_, i) => {
    const x = -120 + (i % 200) * 0.001;
    const y = 46 + Math.floor(i / 200) * 0.001;
    const ring = [
      [x, y],
      [x, y + 0.0005],
      [x + 0.0005, y + 0.0005],
      [x + 0.0005, y],
      [x, y],
    ];
    return i % 2 ? ring.toReversed() : ring;
  });
  return oneField(rings, WGS84_PRJ);
}

/** A KML document of one placemark whose outline is the given coordinates text. */
export function kml(coordinates: string, name = 'North', prolog = ''): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>${prolog}\n` +
    '<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark>' +
    `<name>${name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates}` +
    '</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>'
  );
}

/** The field's corners as KML coordinates text. */
export const KML_CORNERS = rectangle(-120.5, 46.6, -120.49, 46.61)
  .map(([x, y]) => `${x},${y},0`)
  .join(' ');

export const kmz = (document: string) => zipSync({ 'doc.kml': encode(document) });

/** An ISOXML 4.3 TASKDATA.XML whose one partfield's outline has the given PNTs. */
export function taskData(points: string, designator = 'North', prolog = '', extra = ''): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>${prolog}\n` +
    '<ISO11783_TaskData VersionMajor="4" VersionMinor="3" DataTransferOrigin="1">' +
    `<PFD A="PFD1" C="${designator}" D="0"><PLN A="1"><LSG A="1">${points}</LSG></PLN></PFD>` +
    `${extra}</ISO11783_TaskData>`
  );
}

/** The field's corners as ISOXML PNTs (C latitude, D longitude). */
export const PNT_CORNERS = rectangle(-120.5, 46.6, -120.49, 46.61)
  .map(([x, y]) => `<PNT A="2" C="${y}" D="${x}"/>`)
  .join('');

export const isoxmlZip = (xml: string, more: Record<string, string> = {}) =>
  zipSync({
    'TASKDATA/TASKDATA.XML': encode(xml),
    ...Object.fromEntries(Object.entries(more).map(([path, text]) => [path, encode(text)])),
  });

/** An internal DTD whose entity `e` is used where a name is read. */
export const ENTITY_DOCTYPE = '<!DOCTYPE x [<!ENTITY e "Entity Name">]>';

/** A billion laughs: ten levels of ten entities each, a gigabyte if ever expanded. */
export const BILLION_LAUGHS = (root: string) =>
  `<!DOCTYPE ${root} [<!ENTITY l0 "ha">` +
  Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('') +
  ']>';
