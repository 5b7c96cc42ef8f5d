import { z } from 'zod';
import { boundarySchema } from '../geo/boundary.ts';

/**
 * The conversion API (docs/product.md#conversion-api), served under `/convert-api`:
 *   GET  /convert-api/api/health                     public, `convertHealthSchema`
 *   GET  /convert-api/api/supported-import-formats   `supportedFormatsResponseSchema`
 *   GET  /convert-api/api/supported-export-formats   `supportedFormatsResponseSchema`
 *   POST /convert-api/api/convert-file               multipart form, see below
 * Every call but health carries the user pool's ACCESS token as `Authorization: Bearer <token>`
 * (not the id token the data and user APIs take). Errors use `apiErrorSchema` (code, message);
 * the codes this API adds are `convertErrorCodes`.
 *
 * POST /api/convert-file, multipart/form-data:
 *   - `file`: the file (GeoJSON, a .zip, a .kml or .kmz); exactly one.
 *   - `targetFormat`: one of `supportedExportFormats`.
 *   - `sourceFormat` (optional): one of `supportedImportFormats`; omitted, it is detected from the
 *     file's contents (zip entries, XML root, JSON). Text parts may come before or after the file.
 * Answers 200 with the converted file as the body, `Content-Type` per `fileFormatMediaTypes` and
 * `Content-Disposition: attachment; filename="<ASCII name>"; filename*=UTF-8''<name>`: the
 * upload's name with the target's extension (`fileFormatExtensions`), zips suffixed by format
 * (`fields-shape.zip`, `fields-trimble.zip`, `fields-isoxml-v43.zip`).
 *   - For targetFormat GEOJSON the body is `convertedFeatureCollectionSchema`: each feature a field
 *     (Polygon or MultiPolygon in WGS84, holes kept) with `properties.name` always set, plus the
 *     per-feature refusal report (`refused`) and notes (e.g. "no .prj, WGS84 assumed").
 *   - For every target the same report is in the `X-Convert-Report` header (URI-encoded JSON of
 *     `convertReportSchema`); read it with `parseConvertReportHeader`.
 * A feature that cannot be used (self-intersecting, not a polygon, out of range…) is refused on
 * its own and listed; when no feature is usable the whole request fails with 422 and the first
 * reason as the message (issues list every refusal as `features.<index>`).
 * Whole-file refusals: 400 empty/missing file or bad form, 401 no/invalid access token,
 * 413 upload too large, 415 a body that is not a form, 422 unsupported format / unrecognized
 * or corrupt file / zip bomb / projected shapefile without .prj / unreadable .prj / nothing
 * usable / took too long (422, not 408, which browsers may silently retry); 503 with
 * Retry-After when every worker is busy and the waiting line is full.
 */

/**
 * The 12 formats of docs/product.md#conversion-api, then extras of ours (KML, KMZ) that the web may
 * offer.
 */
export const fileFormats = [
  'AGLEADER',
  'AUTOGUIDE_1000',
  'AUTOGUIDE_3000',
  'GEOJSON',
  'ISOXML_V33',
  'ISOXML_V42',
  'ISOXML_V43',
  'PFTM',
  'SHAPE',
  'TOPCON_319',
  'TOPCON_320',
  'TRIMBLE',
  'KML',
  'KMZ',
] as const;
export type FileFormat = (typeof fileFormats)[number];
export const fileFormatSchema = z.enum(fileFormats);

export const fileFormatLabels = {
  AGLEADER: 'Ag Leader',
  AUTOGUIDE_1000: 'AutoGuide 1000',
  AUTOGUIDE_3000: 'AutoGuide 3000',
  GEOJSON: 'GeoJSON',
  ISOXML_V33: 'ISOXML v3.3',
  ISOXML_V42: 'ISOXML v4.2',
  ISOXML_V43: 'ISOXML v4.3',
  PFTM: 'PFTM',
  SHAPE: 'Shapefile',
  TOPCON_319: 'Topcon 319',
  TOPCON_320: 'Topcon 320',
  TRIMBLE: 'Trimble',
  KML: 'KML (Google Earth)',
  KMZ: 'KMZ (Google Earth)',
} as const satisfies Record<FileFormat, string>;

/** Formats without a public specification: never listed as supported; asking for one is a 422. */
export const unspecifiedFileFormats = [
  'AGLEADER',
  'AUTOGUIDE_1000',
  'AUTOGUIDE_3000',
  'PFTM',
  'TOPCON_319',
  'TOPCON_320',
] as const satisfies readonly FileFormat[];

/** What GET /api/supported-import-formats and /api/supported-export-formats answer. */
export const supportedFileFormats = [
  'GEOJSON',
  'SHAPE',
  'TRIMBLE',
  'ISOXML_V33',
  'ISOXML_V42',
  'ISOXML_V43',
  'KML',
  'KMZ',
] as const satisfies readonly FileFormat[];
export type SupportedFileFormat = (typeof supportedFileFormats)[number];

export function isSupportedFileFormat(format: FileFormat): format is SupportedFileFormat {
  return (supportedFileFormats as readonly FileFormat[]).includes(format);
}

/** The file name extension of a converted file (zip formats are zips, whatever they hold). */
export const fileFormatExtensions = {
  GEOJSON: 'geojson',
  SHAPE: 'zip',
  TRIMBLE: 'zip',
  ISOXML_V33: 'zip',
  ISOXML_V42: 'zip',
  ISOXML_V43: 'zip',
  KML: 'kml',
  KMZ: 'kmz',
} as const satisfies Record<SupportedFileFormat, string>;

export const fileFormatMediaTypes = {
  GEOJSON: 'application/geo+json',
  SHAPE: 'application/zip',
  TRIMBLE: 'application/zip',
  ISOXML_V33: 'application/zip',
  ISOXML_V42: 'application/zip',
  ISOXML_V43: 'application/zip',
  KML: 'application/vnd.google-earth.kml+xml',
  KMZ: 'application/vnd.google-earth.kmz',
} as const satisfies Record<SupportedFileFormat, string>;

/** GET /api/supported-import-formats and /api/supported-export-formats. */
export const supportedFormatsResponseSchema = z.object({ formats: z.array(fileFormatSchema) });
export type SupportedFormatsResponse = z.infer<typeof supportedFormatsResponseSchema>;

/** GET /api/health (no token needed). */
export const convertHealthSchema = z.object({ status: z.literal('ok'), version: z.string() });
export type ConvertHealth = z.infer<typeof convertHealthSchema>;

/** The text parts of the POST /api/convert-file multipart form (the file is the `file` part). */
export const convertFileFieldsSchema = z.object({
  /** Omitted: detected from the file's contents. */
  sourceFormat: fileFormatSchema.optional(),
  targetFormat: fileFormatSchema,
});
export type ConvertFileFields = z.infer<typeof convertFileFieldsSchema>;

/** The multipart part names of POST /api/convert-file. */
export const convertFileParts = {
  file: 'file',
  sourceFormat: 'sourceFormat',
  targetFormat: 'targetFormat',
} as const;

/** One feature of the uploaded file that was not converted, and why (in words for a grower). */
export const refusedFeatureSchema = z.object({
  /** 0-based position of the feature in the file (shape record, placemark, partfield…). */
  index: z.number().int().min(0),
  name: z.string().optional(),
  reason: z.string(),
});
export type RefusedFeature = z.infer<typeof refusedFeatureSchema>;

/** What a conversion did besides the file itself. */
export const convertReportSchema = z.object({
  /** The source format used: the one asked for, or the one detected. */
  sourceFormat: fileFormatSchema,
  refused: z.array(refusedFeatureSchema),
  /** Things worth telling the grower that refused nothing, e.g. an assumed coordinate system. */
  notes: z.array(z.string()),
});
export type ConvertReport = z.infer<typeof convertReportSchema>;

/** The header that carries `ConvertReport` on every successful conversion. */
export const CONVERT_REPORT_HEADER = 'x-convert-report';

export function convertReportHeaderValue(report: ConvertReport): string {
  return encodeURIComponent(JSON.stringify(report));
}

/** Parses the X-Convert-Report header; undefined when absent or malformed. */
export function parseConvertReportHeader(
  value: string | null | undefined,
): ConvertReport | undefined {
  if (!value) return undefined;
  try {
    const parsed = convertReportSchema.safeParse(JSON.parse(decodeURIComponent(value)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A field as the conversion API reads and writes it in GeoJSON. */
export const convertedFeatureSchema = z.object({
  type: z.literal('Feature'),
  properties: z.object({
    /** From the file's attributes (NAME, FIELD_NAME, PFD designator, KML name…), else "Field n". */
    name: z.string(),
    /** Trimble folder names (and ISOXML customer/farm) when the source has them. */
    client: z.string().optional(),
    farm: z.string().optional(),
  }),
  geometry: boundarySchema,
});
export type ConvertedFeature = z.infer<typeof convertedFeatureSchema>;

/** The body of POST /api/convert-file with targetFormat GEOJSON. */
export const convertedFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(convertedFeatureSchema),
  ...convertReportSchema.shape,
});
export type ConvertedFeatureCollection = z.infer<typeof convertedFeatureCollectionSchema>;

/** Error codes of the conversion API (in `apiErrorSchema.code`), besides the shared ones. */
export const convertErrorCodes = {
  UNSUPPORTED_FORMAT: 'UNSUPPORTED_FORMAT',
  UNRECOGNIZED_FILE: 'UNRECOGNIZED_FILE',
  CORRUPT_FILE: 'CORRUPT_FILE',
  ARCHIVE_TOO_LARGE: 'ARCHIVE_TOO_LARGE',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  MISSING_PROJECTION: 'MISSING_PROJECTION',
  UNKNOWN_PROJECTION: 'UNKNOWN_PROJECTION',
  NO_USABLE_FEATURES: 'NO_USABLE_FEATURES',
  EMPTY_FILE: 'EMPTY_FILE',
  TIMEOUT: 'TIMEOUT',
  BUSY: 'BUSY',
} as const;
export type ConvertErrorCode = (typeof convertErrorCodes)[keyof typeof convertErrorCodes];
