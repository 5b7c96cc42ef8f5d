/**
 * A polygon shapefile encoder written for the tests from the ESRI Shapefile Technical
 * Description (July 1998) and the dBASE III file layout, independent of the exporter under
 * test (which uses @mapbox/shp-write). Coordinates are written as given: the caller chooses the
 * coordinate system and ring order (outer rings clockwise, holes counter-clockwise).
 */
export interface ShapeRecord {
  /** Every ring of the record (outlines and holes of all its parts), closed. */
  rings: number[][][];
  attributes: Record<string, string>;
}

const POLYGON = 5;

function header(view: DataView, words: number, box: number[]): void {
  view.setInt32(0, 9994); // file code, big-endian
  view.setInt32(24, words); // file length in 16-bit words, big-endian
  view.setInt32(28, 1000, true); // version
  view.setInt32(32, POLYGON, true);
  for (const [i, value] of box.entries()) view.setFloat64(36 + i * 8, value, true);
}

/** [xmin, ymin, xmax, ymax], by a loop: a spread would overflow the stack for large shapes. */
function bbox(points: number[][]): number[] {
  const box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x = 0, y = 0] of points) {
    box[0] = Math.min(box[0] ?? x, x);
    box[1] = Math.min(box[1] ?? y, y);
    box[2] = Math.max(box[2] ?? x, x);
    box[3] = Math.max(box[3] ?? y, y);
  }
  return box;
}

export function encodeShp(records: ShapeRecord[]): { shp: Uint8Array; shx: Uint8Array } {
  const contents = records.map((r) => {
    const points = r.rings.flat();
    return { r, points, bytes: 44 + 4 * r.rings.length + 16 * points.length };
  });
  const shpBytes = 100 + contents.reduce((sum, c) => sum + 8 + c.bytes, 0);
  const shp = new DataView(new ArrayBuffer(shpBytes));
  const shx = new DataView(new ArrayBuffer(100 + 8 * records.length));
  const all = contents.flatMap((c) => c.points);
  header(shp, shpBytes / 2, bbox(all));
  header(shx, (100 + 8 * records.length) / 2, bbox(all));
  let at = 100;
  contents.forEach(({ r, points, bytes }, i) => {
    shx.setInt32(100 + i * 8, at / 2);
    shx.setInt32(104 + i * 8, bytes / 2);
    shp.setInt32(at, i + 1);
    shp.setInt32(at + 4, bytes / 2);
    let o = at + 8;
    shp.setInt32(o, POLYGON, true);
    for (const [k, value] of bbox(points).entries()) shp.setFloat64(o + 4 + k * 8, value, true);
    shp.setInt32(o + 36, r.rings.length, true);
    shp.setInt32(o + 40, points.length, true);
    o += 44;
    let start = 0;
    for (const ring of r.rings) {
      shp.setInt32(o, start, true);
      o += 4;
      start += ring.length;
    }
    for (const [x = 0, y = 0] of points) {
      shp.setFloat64(o, x, true);
      shp.setFloat64(o + 8, y, true);
      o += 16;
    }
    at += 8 + bytes;
  });
  return { shp: new Uint8Array(shp.buffer), shx: new Uint8Array(shx.buffer) };
}

/** A dBASE III table of text fields; `encode` turns text into the file's code page. */
export function encodeDbf(
  rows: Record<string, string>[],
  encode: (text: string) => Uint8Array = (text) => new TextEncoder().encode(text),
): Uint8Array {
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cells = rows.map((row) => names.map((name) => encode(row[name] ?? '')));
  const widths = names.map((_, i) => Math.max(1, ...cells.map((c) => c[i]?.length ?? 0)));
  const recordLength = 1 + widths.reduce((a, b) => a + b, 0);
  const headerLength = 32 + 32 * names.length + 1;
  const bytes = new Uint8Array(headerLength + recordLength * rows.length + 1);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x03;
  bytes.set([125, 6, 1], 1); // last update 2025-06-01
  view.setUint32(4, rows.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  names.forEach((name, i) => {
    const at = 32 + 32 * i;
    bytes.set(new TextEncoder().encode(name.slice(0, 10)), at);
    bytes[at + 11] = 'C'.charCodeAt(0);
    bytes[at + 16] = widths[i] ?? 1;
  });
  bytes[headerLength - 1] = 0x0d;
  let at = headerLength;
  for (const row of cells) {
    bytes[at++] = 0x20;
    row.forEach((cell, i) => {
      const width = widths[i] ?? 1;
      bytes.fill(0x20, at, at + width);
      bytes.set(cell, at);
      at += width;
    });
  }
  bytes[at] = 0x1a;
  return bytes;
}

/** Windows-1252 for the characters the tests use (Latin-1 range). */
export const windows1252 = (text: string) =>
  Uint8Array.from([...text].map((c) => c.charCodeAt(0) & 0xff));
