import { z } from 'zod';
import { boundarySchema } from '../geo/boundary.ts';

// The conversion API's formats, answers and refusals: docs/product.md#conversion-api.

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
