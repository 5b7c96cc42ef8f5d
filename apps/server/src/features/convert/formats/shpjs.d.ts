// shpjs ships no types; only the two parsers we call are declared.
declare module 'shpjs' {
  /** Shape records as GeoJSON geometries (null for a null shape), in the file's coordinates. */
  export function parseShp(shp: ArrayBufferView | ArrayBuffer, prj?: string | false): unknown[];
  /** DBF records as objects keyed by field name; `cpg` names the encoding (UTF-8 by default). */
  export function parseDbf(
    dbf: ArrayBufferView | ArrayBuffer,
    cpg?: string | ArrayBufferView,
  ): Record<string, unknown>[];
}
